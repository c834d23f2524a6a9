import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  capWorstCases,
  settingsToProduct,
  worstCaseView,
  type CapWorstCaseView,
  type ProductChangeView,
  type ProductPageResponse,
  type ProductSettings,
} from '@pisonow/domain';
import { api } from '../api.ts';
import { peso, when } from '../format.ts';

const CAP_LABEL: Record<CapWorstCaseView['cap'], string> = {
  nominal: 'Nominal interest',
  effective: 'Effective interest rate (EIR)',
  penalty: 'Penalty rate',
  overdueCharges: 'Late charge and penalty together',
  totalCost: 'Total cost at booking',
  extension: 'One extension: interest and fee over the extended life',
  homeScreenLimit: 'Home-screen credit limit',
};

function figure(unit: CapWorstCaseView['unit'], v: number | null): string {
  if (v === null) return '—';
  switch (unit) {
    case 'ppmMonth':
      return `${(v / 10_000).toFixed(2)}% a month`;
    case 'ratioMonth':
      return `${(v * 100).toFixed(2)}% a month`;
    case 'bp':
      return `${(v / 100).toFixed(2)}% of principal`;
    case 'centavos':
      return peso(String(v));
  }
}

/** The worst case against every cap the guard checks, as the domain computes it (capWorstCases). */
function WorstCases({ rows, testId }: { rows: CapWorstCaseView[]; testId: string }) {
  return (
    <Table<CapWorstCaseView>
      data-testid={testId}
      size="small"
      rowKey="cap"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: 'Cap', dataIndex: 'cap', render: (cap: CapWorstCaseView['cap']) => CAP_LABEL[cap] },
        { title: 'Worst case', render: (_, w) => figure(w.unit, w.value) },
        { title: 'Limit', render: (_, w) => figure(w.unit, w.limit) },
        {
          title: 'Where',
          render: (_, w) => (w.principal ? `${peso(w.principal)}, ${w.termDays} days` : 'every loan'),
        },
        {
          title: 'Status',
          dataIndex: 'within',
          render: (within: boolean, w) => (
            <Tag color={within ? '#135200' : '#a8071a'} data-testid={`cap-${w.cap}`}>
              {within ? 'within' : 'breach'}
            </Tag>
          ),
        },
      ]}
    />
  );
}

type Field = {
  key: string;
  label: string;
  kind: 'peso' | 'int' | 'days' | 'choice';
  get: (s: ProductSettings) => string | number | number[];
  set: (s: ProductSettings, v: never) => ProductSettings;
  choices?: string[];
};

/** Every business constant of the product configuration (CO-06), with its unit. */
const FIELDS: Field[] = [
  {
    key: 'amountMin',
    label: 'Smallest amount (₱)',
    kind: 'peso',
    get: (s) => s.amount.min,
    set: (s, v: string) => ({ ...s, amount: { ...s.amount, min: v } }),
  },
  {
    key: 'amountMax',
    label: 'Largest amount (₱)',
    kind: 'peso',
    get: (s) => s.amount.max,
    set: (s, v: string) => ({ ...s, amount: { ...s.amount, max: v } }),
  },
  {
    key: 'amountStep',
    label: 'Amount step (₱)',
    kind: 'peso',
    get: (s) => s.amount.step,
    set: (s, v: string) => ({ ...s, amount: { ...s.amount, step: v } }),
  },
  {
    key: 'termDays',
    label: 'Terms offered (days, comma-separated)',
    kind: 'days',
    get: (s) => s.termDays,
    set: (s, v: number[]) => ({ ...s, termDays: v }),
  },
  {
    key: 'dailyInterestPpm',
    label: 'Interest (ppm of principal a day; 1,500 = 0.15%)',
    kind: 'int',
    get: (s) => s.dailyInterestPpm,
    set: (s, v: number) => ({ ...s, dailyInterestPpm: v }),
  },
  {
    key: 'serviceFeeBp',
    label: 'Service fee (basis points; 150 = 1.5%)',
    kind: 'int',
    get: (s) => s.serviceFeeBp,
    set: (s, v: number) => ({ ...s, serviceFeeBp: v }),
  },
  {
    key: 'creditReportingFee',
    label: 'Credit reporting fee (₱)',
    kind: 'peso',
    get: (s) => s.creditReportingFee,
    set: (s, v: string) => ({ ...s, creditReportingFee: v }),
  },
  {
    key: 'taxRateBp',
    label: 'Tax on fees (basis points)',
    kind: 'int',
    get: (s) => s.taxRateBp,
    set: (s, v: number) => ({ ...s, taxRateBp: v }),
  },
  {
    key: 'taxBase',
    label: 'Tax applies to',
    kind: 'choice',
    choices: ['serviceFee', 'allFees'],
    get: (s) => s.taxBase,
    set: (s, v: ProductSettings['taxBase']) => ({ ...s, taxBase: v }),
  },
  {
    key: 'dst',
    label: 'Documentary stamp tax borne by',
    kind: 'choice',
    choices: ['borrower', 'lender'],
    get: (s) => s.dst.borneBy,
    set: (s, v: ProductSettings['dst']['borneBy']) => ({ ...s, dst: { borneBy: v } }),
  },
  {
    key: 'lateCharge',
    label: 'Late charge (₱, once)',
    kind: 'peso',
    get: (s) => s.lateCharge,
    set: (s, v: string) => ({ ...s, lateCharge: v }),
  },
  {
    key: 'penaltyDailyPpm',
    label: 'Penalty (ppm of the amount due a day)',
    kind: 'int',
    get: (s) => s.penaltyDailyPpm,
    set: (s, v: number) => ({ ...s, penaltyDailyPpm: v }),
  },
  {
    key: 'extensionFeeBp',
    label: 'Extension fee (basis points of principal)',
    kind: 'int',
    get: (s) => s.extensionFeeBp,
    set: (s, v: number) => ({ ...s, extensionFeeBp: v }),
  },
  {
    key: 'extensionDays',
    label: 'Extension length (days)',
    kind: 'int',
    get: (s) => s.extensionDays,
    set: (s, v: number) => ({ ...s, extensionDays: v }),
  },
  {
    key: 'firstLoan',
    label: 'First-loan limit (₱)',
    kind: 'peso',
    get: (s) => s.limits.firstLoan,
    set: (s, v: string) => ({ ...s, limits: { ...s.limits, firstLoan: v } }),
  },
  {
    key: 'repeatLoan',
    label: 'Repeat-loan limit (₱)',
    kind: 'peso',
    get: (s) => s.limits.repeatLoan,
    set: (s, v: string) => ({ ...s, limits: { ...s.limits, repeatLoan: v } }),
  },
  {
    key: 'homeScreen',
    label: 'Home-screen limit (₱)',
    kind: 'peso',
    get: (s) => s.limits.homeScreen,
    set: (s, v: string) => ({ ...s, limits: { ...s.limits, homeScreen: v } }),
  },
  {
    key: 'waiverApprovalThreshold',
    label: 'Waiver needing a second admin above (₱)',
    kind: 'peso',
    get: (s) => s.waiverApprovalThreshold,
    set: (s, v: string) => ({ ...s, waiverApprovalThreshold: v }),
  },
];

const shown = (f: Field, s: ProductSettings) => {
  const v = f.get(s);
  if (f.kind === 'peso') return peso(String(v));
  if (f.kind === 'days') return (v as number[]).join(', ');
  return typeof v === 'number' ? v.toLocaleString('en-PH') : String(v);
};

/** What a change would alter, against the version in force. */
function differences(from: ProductSettings, to: ProductSettings) {
  return FIELDS.filter((f) => shown(f, from) !== shown(f, to)).map(
    (f) => `${f.label}: ${shown(f, from)} → ${shown(f, to)}`,
  );
}

/** The draft's worst cases, computed in the browser by the same domain function the server uses. */
function draftWorstCases(draft: ProductSettings): CapWorstCaseView[] | null {
  try {
    const p = settingsToProduct(0, draft);
    if (p.amount.step <= 0n || p.amount.min <= 0n || p.amount.min > p.amount.max) return null;
    if ((p.amount.max - p.amount.min) / p.amount.step > 2_000n) return null;
    return capWorstCases(p).map(worstCaseView);
  } catch {
    return null;
  }
}

function FieldInput({
  field,
  draft,
  onChange,
}: {
  field: Field;
  draft: ProductSettings;
  onChange: (s: ProductSettings) => void;
}) {
  const id = `product-${field.key}`;
  const value = field.get(draft);
  const input =
    field.kind === 'peso' ? (
      <InputNumber
        id={id}
        data-testid={id}
        min={0}
        precision={2}
        style={{ width: 200 }}
        value={Number(value) / 100}
        onChange={(v) => onChange(field.set(draft, String(Math.round(Number(v ?? 0) * 100)) as never))}
      />
    ) : field.kind === 'int' ? (
      <InputNumber
        id={id}
        data-testid={id}
        min={0}
        precision={0}
        style={{ width: 200 }}
        value={value as number}
        onChange={(v) => onChange(field.set(draft, Number(v ?? 0) as never))}
      />
    ) : field.kind === 'days' ? (
      <Input
        id={id}
        data-testid={id}
        style={{ width: 200 }}
        defaultValue={(value as number[]).join(', ')}
        onChange={(e) => {
          const days = e.target.value
            .split(',')
            .map((d) => Number(d.trim()))
            .filter((d) => Number.isInteger(d) && d > 0);
          if (days.length) onChange(field.set(draft, days as never));
        }}
      />
    ) : (
      <Select
        id={id}
        data-testid={id}
        style={{ width: 200 }}
        value={value as string}
        options={(field.choices ?? []).map((c) => ({ value: c, label: c }))}
        onChange={(v) => onChange(field.set(draft, v as never))}
      />
    );
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 8 }}>
      <label htmlFor={id} style={{ width: 380 }}>
        {field.label}
      </label>
      {input}
    </div>
  );
}

/**
 * Product configuration with maker-checker (issue 11, CO-06, BE-08), admin only: the version in
 * force and its worst cases; a draft with its worst cases before submitting; changes waiting for
 * a different admin to approve or reject.
 */
export function Product({ operatorId }: { operatorId: string }) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<ProductSettings | null>(null);
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [rejectReason, setRejectReason] = useState('');
  const q = useQuery({
    queryKey: ['product'],
    queryFn: () => api<ProductPageResponse>('GET', '/api/console/product'),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['product'] });
  const submit = useMutation({
    mutationFn: (body: { baseVersion: number; config: ProductSettings; reason: string }) =>
      api<ProductChangeView>('POST', '/api/console/product/changes', {
        requestKey: crypto.randomUUID(),
        ...body,
      }),
    onSuccess: () => {
      void message.success('Change submitted for a second admin');
      setDraft(null);
      setReason('');
      refresh();
    },
    onError: (e) => void message.error(e.message),
  });
  const decide = useMutation({
    mutationFn: (v: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      api<ProductChangeView>(
        'POST',
        `/api/console/product/changes/${v.id}/${v.decision}`,
        v.decision === 'reject' ? { reason: v.reason } : {},
      ),
    onSuccess: (c) => {
      void message.success(
        c.state === 'approved' ? `Approved: version ${c.version} is in force` : 'Change rejected',
      );
      setRejecting(null);
      setRejectReason('');
      refresh();
    },
    onError: (e) => {
      void message.error(e.message);
      refresh();
    },
  });
  const preview = useMemo(() => (draft ? draftWorstCases(draft) : null), [draft]);
  const data = q.data;
  const breaches = preview?.filter((w) => !w.within) ?? [];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Product
      </Typography.Title>
      {q.error && <Alert type="error" title={q.error.message} />}
      {data && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Card
            title={<span data-testid="active-version">In force: version {data.active.version}</span>}
            extra={
              !draft && (
                <Button data-testid="product-edit" onClick={() => setDraft(data.active.config)}>
                  Draft a change
                </Button>
              )
            }
          >
            <Typography.Paragraph type="secondary">
              Made {when(data.active.createdAt)} by {data.active.createdBy}. New orders are priced with this
              version; orders already booked keep the version they were priced with.
            </Typography.Paragraph>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              data-testid="active-values"
              dataSource={FIELDS.map((f) => ({
                key: f.key,
                label: f.label,
                value: shown(f, data.active.config),
              }))}
              columns={[
                { title: 'Setting', dataIndex: 'label' },
                { title: 'Value', dataIndex: 'value' },
              ]}
            />
            <Typography.Title level={2} style={{ fontSize: 18, marginTop: 16 }}>
              Worst case against each cap
            </Typography.Title>
            <WorstCases rows={data.active.worstCases} testId="active-worst-cases" />
          </Card>

          {draft && (
            <Card title="Draft a change">
              {FIELDS.map((f) => (
                <FieldInput key={f.key} field={f} draft={draft} onChange={setDraft} />
              ))}
              <Typography.Title level={2} style={{ fontSize: 18, marginTop: 16 }}>
                The draft&apos;s worst case against each cap
              </Typography.Title>
              {preview ? (
                <WorstCases rows={preview} testId="draft-worst-cases" />
              ) : (
                <Alert
                  type="error"
                  title="The amounts are not a valid range (smallest ≤ largest, a step above zero)."
                />
              )}
              {breaches.length > 0 && (
                <Alert
                  type="error"
                  data-testid="draft-breaches"
                  title={`This draft breaches: ${breaches.map((b) => CAP_LABEL[b.cap]).join(', ')}. It cannot be submitted.`}
                  style={{ marginTop: 12 }}
                />
              )}
              <div style={{ marginTop: 16 }}>
                <label htmlFor="product-reason">Reason for the change (kept in the audit trail)</label>
                <Input.TextArea
                  id="product-reason"
                  data-testid="product-reason"
                  rows={3}
                  maxLength={500}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              </div>
              <Space style={{ marginTop: 12 }}>
                <Button
                  type="primary"
                  data-testid="product-submit"
                  disabled={!preview || breaches.length > 0 || reason.trim().length < 3}
                  loading={submit.isPending}
                  onClick={() =>
                    submit.mutate({ baseVersion: data.active.version, config: draft, reason: reason.trim() })
                  }
                >
                  Submit for approval
                </Button>
                <Button onClick={() => setDraft(null)}>Discard draft</Button>
              </Space>
            </Card>
          )}

          <Card title="Changes">
            <Table<ProductChangeView>
              data-testid="product-changes"
              rowKey="id"
              pagination={false}
              dataSource={data.changes}
              expandable={{
                expandedRowRender: (c) => <WorstCases rows={c.worstCases} testId={`change-worst-${c.id}`} />,
              }}
              columns={[
                {
                  title: 'State',
                  dataIndex: 'state',
                  render: (state: ProductChangeView['state'], c) => (
                    <Tag
                      color={state === 'pending' ? '#614700' : state === 'approved' ? '#135200' : 'default'}
                    >
                      {state === 'approved' ? `approved → version ${c.version}` : state}
                      {state === 'pending' && c.baseVersion !== data.active.version ? ' (stale)' : ''}
                    </Tag>
                  ),
                },
                {
                  title: 'Change',
                  render: (_, c) => (
                    <>
                      {(c.state === 'pending'
                        ? differences(data.active.config, c.config)
                        : [`on version ${c.baseVersion}`]
                      ).map((d) => (
                        <div key={d}>{d}</div>
                      ))}
                      <Typography.Text type="secondary">Reason: {c.reason}</Typography.Text>
                      {c.decisionReason && (
                        <div>
                          <Typography.Text type="secondary">Rejected: {c.decisionReason}</Typography.Text>
                        </div>
                      )}
                    </>
                  ),
                },
                { title: 'Drafted by', dataIndex: 'makerEmail' },
                { title: 'When', dataIndex: 'createdAt', render: (v: string) => when(v) },
                {
                  title: 'Decision',
                  render: (_, c) =>
                    c.state !== 'pending' ? (
                      when(c.decidedAt)
                    ) : c.makerId === operatorId ? (
                      <Typography.Text type="secondary">Waiting for another admin</Typography.Text>
                    ) : (
                      <Space>
                        <Button
                          type="primary"
                          data-testid={`approve-${c.id}`}
                          loading={decide.isPending}
                          onClick={() => decide.mutate({ id: c.id, decision: 'approve' })}
                        >
                          Approve
                        </Button>
                        <Button data-testid={`reject-${c.id}`} onClick={() => setRejecting(c.id)}>
                          Reject
                        </Button>
                      </Space>
                    ),
                },
              ]}
            />
          </Card>
        </Space>
      )}
      <Modal
        open={rejecting !== null}
        title="Reject the product change"
        okText="Reject"
        okButtonProps={{ disabled: rejectReason.trim().length < 3, loading: decide.isPending }}
        onOk={() =>
          rejecting && decide.mutate({ id: rejecting, decision: 'reject', reason: rejectReason.trim() })
        }
        onCancel={() => setRejecting(null)}
      >
        <label htmlFor="product-reject-reason">Reason (the maker sees it; kept in the audit trail)</label>
        <Input.TextArea
          id="product-reject-reason"
          rows={3}
          maxLength={500}
          value={rejectReason}
          onChange={(e) => setRejectReason(e.target.value)}
        />
      </Modal>
    </>
  );
}
