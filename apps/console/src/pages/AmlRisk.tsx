import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { STR_REASONS, type AmlRiskLevel, type StrReason, type StrStatus } from '@pisonow/domain';
import { api } from '../api.ts';
import { navigate } from '../router.ts';
import { peso, when } from '../format.ts';

interface Reason {
  code: string;
  level: 'medium' | 'high';
  text: string;
}
interface Rating {
  id: string;
  customerId: string;
  level: AmlRiskLevel;
  reasons: Reason[];
  enhancedDueDiligence: boolean;
  trigger: string;
  computedAt: string;
}
interface Transaction {
  kind: 'order' | 'repayment';
  id: string;
  date: string;
  amount: string;
  type: string;
  channel: string;
  reference: string;
}
interface StrCase {
  id: string;
  customerId: string;
  phone: string;
  status: StrStatus;
  reason: StrReason;
  narrative: string;
  transactions: { kind: string; id: string }[];
  determinedOn: string;
  deadline: string;
  overdue: boolean;
  openedAt: string;
  filingReference: string | null;
  closeNote: string | null;
}

const LEVEL_COLOR: Record<AmlRiskLevel, string> = {
  low: '#135200',
  medium: '#614700',
  high: '#a8071a',
};
export const STR_REASON_LABEL: Record<StrReason, string> = {
  no_underlying_obligation: 'No underlying legal or trade obligation, purpose or economic justification',
  client_not_properly_identified: 'Client not properly identified',
  amount_not_commensurate: 'Amount not commensurate with the business or financial capacity of the client',
  structuring: 'Structured to avoid reporting',
  deviation_from_profile: "Deviation from the client's profile or past transactions",
  related_to_unlawful_activity: 'Related to an unlawful activity or offence',
  similar_or_analogous: 'Similar or analogous to the above',
};

const borrowerLink = (customerId: string, phone: string) => (
  <a
    href={`/console/borrowers/${customerId}`}
    onClick={(e) => {
      e.preventDefault();
      navigate(`/console/borrowers/${customerId}`);
    }}
  >
    +63 {phone}
  </a>
);

function RatingTag({ rating }: { rating: Pick<Rating, 'level' | 'enhancedDueDiligence'> }) {
  return (
    <Space size={4}>
      <Tag color={LEVEL_COLOR[rating.level]} data-testid="aml-risk-level">
        {rating.level} risk
      </Tag>
      {rating.enhancedDueDiligence && (
        <Tag color="#a8071a" data-testid="aml-edd">
          Enhanced due diligence
        </Tag>
      )}
    </Space>
  );
}

const reasonList = (reasons: Reason[]) =>
  reasons.length === 0 ? (
    <span>No risk factor found.</span>
  ) : (
    <ul style={{ margin: 0, paddingLeft: 18 }}>
      {reasons.map((r) => (
        <li key={r.code}>
          <Tag color={LEVEL_COLOR[r.level]}>{r.level}</Tag>
          {r.text}
        </li>
      ))}
    </ul>
  );

/**
 * The borrower page's AML block (BE-14, underwriters and admins only): the rating in force with its
 * reasons, the enhanced due-diligence flag, recompute, and opening a suspicious-transaction case on
 * chosen loans and repayments. Nothing here reaches the borrower.
 */
export function AmlRiskBlock({ customerId }: { customerId: string }) {
  const client = useQueryClient();
  const [opening, setOpening] = useState(false);
  const [reason, setReason] = useState<StrReason>('deviation_from_profile');
  const [narrative, setNarrative] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const q = useQuery({
    queryKey: ['aml-borrower', customerId],
    queryFn: () =>
      api<{ rating: Rating; transactions: Transaction[] }>('GET', `/api/console/aml/borrowers/${customerId}`),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['aml-borrower', customerId] });
    void client.invalidateQueries({ queryKey: ['aml-risk'] });
    void client.invalidateQueries({ queryKey: ['aml-str'] });
  };
  const recompute = useMutation({
    mutationFn: () => api('POST', `/api/console/aml/borrowers/${customerId}/risk-rating`, {}),
    onSuccess: refresh,
  });
  const open = useMutation({
    mutationFn: () =>
      api('POST', '/api/console/aml/str-cases', {
        requestKey,
        customerId,
        reason,
        narrative: narrative.trim(),
        transactions: chosen.map((c) => {
          const [kind, id] = c.split(':') as ['order' | 'repayment', string];
          return { kind, id };
        }),
      }),
    onSuccess: () => {
      setOpening(false);
      setNarrative('');
      setChosen([]);
      setRequestKey(crypto.randomUUID());
      refresh();
    },
  });
  const r = q.data?.rating;
  return (
    <Card size="small" title="AML risk" style={{ marginBottom: 16 }} data-testid="aml-risk-block">
      {q.error && <Alert type="error" title={q.error.message} />}
      {r && (
        <>
          <Space style={{ marginBottom: 8 }}>
            <RatingTag rating={r} />
            <Typography.Text type="secondary">
              computed {when(r.computedAt)} ({r.trigger.replace('_', ' ')})
            </Typography.Text>
            <Button
              size="small"
              onClick={() => recompute.mutate()}
              loading={recompute.isPending}
              data-testid="aml-recompute"
            >
              Recompute
            </Button>
            <Button size="small" onClick={() => setOpening(true)} data-testid="str-open">
              Open STR case…
            </Button>
          </Space>
          {reasonList(r.reasons)}
        </>
      )}
      <Modal
        title="Open a suspicious-transaction case"
        open={opening}
        okText="Open the case"
        okButtonProps={{ disabled: narrative.trim().length < 20, loading: open.isPending }}
        onOk={() => open.mutate()}
        onCancel={() => setOpening(false)}
        width={720}
      >
        <label htmlFor="str-reason">Reason</label>
        <Select<StrReason>
          id="str-reason"
          style={{ width: '100%', marginBottom: 12 }}
          value={reason}
          onChange={setReason}
          options={STR_REASONS.map((v) => ({ value: v, label: STR_REASON_LABEL[v] }))}
        />
        <div style={{ marginBottom: 12 }}>
          <div>Transactions concerned</div>
          {(q.data?.transactions ?? []).length === 0 && (
            <div>No loan or repayment (an attempted transaction).</div>
          )}
          <Checkbox.Group value={chosen} onChange={(v) => setChosen(v)} style={{ display: 'block' }}>
            {(q.data?.transactions ?? []).map((t) => (
              <div key={`${t.kind}:${t.id}`}>
                <Checkbox value={`${t.kind}:${t.id}`} data-testid={`str-tx-${t.id}`}>
                  {when(t.date)} · {t.type} · {peso(t.amount)} · {t.channel} · {t.reference}
                </Checkbox>
              </div>
            ))}
          </Checkbox.Group>
        </div>
        <label htmlFor="str-narrative">
          Narrative (what, when, why it is suspicious: at least 20 characters)
        </label>
        <Input.TextArea
          id="str-narrative"
          rows={5}
          maxLength={5000}
          value={narrative}
          onChange={(e) => setNarrative(e.target.value)}
          data-testid="str-narrative"
        />
        {open.error && <Alert type="error" title={open.error.message} style={{ marginTop: 8 }} />}
      </Modal>
    </Card>
  );
}

/** The AML page's risk list (BE-14): borrowers rated medium or high, with the reasons. */
export function AmlRiskList() {
  const q = useQuery({
    queryKey: ['aml-risk'],
    queryFn: () => api<{ items: (Rating & { phone: string })[] }>('GET', '/api/console/aml/risk-ratings'),
  });
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 24 }}>
        Risk ratings
      </Typography.Title>
      {q.error && <Alert type="error" title={q.error.message} />}
      <Table<Rating & { phone: string }>
        data-testid="aml-risk-table"
        loading={q.isFetching}
        rowKey="id"
        dataSource={q.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: 'No borrower rated medium or high.' }}
        columns={[
          {
            title: 'Borrower',
            dataIndex: 'phone',
            width: 160,
            render: (p: string, row) => borrowerLink(row.customerId, p),
          },
          {
            title: 'Rating',
            key: 'level',
            width: 240,
            render: (_: unknown, row) => <RatingTag rating={row} />,
          },
          { title: 'Reasons', key: 'reasons', render: (_: unknown, row) => reasonList(row.reasons) },
          { title: 'Computed', dataIndex: 'computedAt', render: when, width: 170 },
        ]}
      />
    </>
  );
}

/**
 * The AML page's suspicious-transaction cases (BE-14): open ones first by filing deadline (5 working
 * days from the determination); rewrite the narrative, download the STR (JSON, CSV) to file on the
 * AMLC portal, then mark it reported with the portal's reference, or close it with no report.
 */
export function StrCases() {
  const client = useQueryClient();
  const [acting, setActing] = useState<{ c: StrCase; kind: 'narrative' | 'report' | 'close' } | null>(null);
  const [value, setValue] = useState('');
  const q = useQuery({
    queryKey: ['aml-str'],
    queryFn: () => api<{ items: StrCase[] }>('GET', '/api/console/aml/str-cases'),
  });
  const act = useMutation({
    mutationFn: (v: { id: string; kind: 'narrative' | 'report' | 'close'; value: string }) =>
      api(
        'POST',
        `/api/console/aml/str-cases/${v.id}/${v.kind}`,
        v.kind === 'narrative'
          ? { narrative: v.value }
          : v.kind === 'report'
            ? { filingReference: v.value }
            : { note: v.value },
      ),
    onSuccess: () => {
      setActing(null);
      setValue('');
      void client.invalidateQueries({ queryKey: ['aml-str'] });
      void client.invalidateQueries({ queryKey: ['aml-risk'] });
    },
  });
  const start = (c: StrCase, kind: 'narrative' | 'report' | 'close') => {
    setActing({ c, kind });
    setValue(kind === 'narrative' ? c.narrative : '');
  };
  const min = acting?.kind === 'narrative' ? 20 : acting?.kind === 'report' ? 3 : 5;
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 24 }}>
        Suspicious-transaction cases
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Open a case from the borrower&apos;s page. File within 5 working days of the determination (our
        reading of the AMLC rules, for counsel to confirm). Never tell the borrower.
      </Typography.Paragraph>
      {q.error && <Alert type="error" title={q.error.message} />}
      <Table<StrCase>
        data-testid="str-table"
        loading={q.isFetching}
        rowKey="id"
        dataSource={q.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: 'No case.' }}
        columns={[
          {
            title: 'Borrower',
            dataIndex: 'phone',
            width: 150,
            render: (p: string, row) => borrowerLink(row.customerId, p),
          },
          {
            title: 'Status',
            key: 'status',
            width: 170,
            render: (_: unknown, row) => (
              <Space direction="vertical" size={0}>
                <Tag data-testid={`str-status-${row.id}`}>{row.status.replace(/_/g, ' ')}</Tag>
                {row.filingReference && <span>ref {row.filingReference}</span>}
              </Space>
            ),
          },
          {
            title: 'File by',
            dataIndex: 'deadline',
            width: 120,
            render: (d: string, row) =>
              row.status === 'open' ? <Tag color={row.overdue ? '#a8071a' : '#003a8c'}>{d}</Tag> : '—',
          },
          { title: 'Reason', dataIndex: 'reason', render: (r: StrReason) => STR_REASON_LABEL[r] },
          {
            title: 'Narrative',
            dataIndex: 'narrative',
            render: (n: string, row) => (
              <>
                <div>{n}</div>
                <Typography.Text type="secondary">{row.transactions.length} transaction(s)</Typography.Text>
              </>
            ),
          },
          {
            title: 'Action',
            key: 'action',
            width: 220,
            render: (_: unknown, row) => (
              <Space wrap size={4}>
                {row.status !== 'closed_no_report' && (
                  <>
                    <a
                      href={`/api/console/aml/str-cases/${row.id}/export?format=json`}
                      download
                      data-testid={`str-json-${row.id}`}
                    >
                      STR JSON
                    </a>
                    <a
                      href={`/api/console/aml/str-cases/${row.id}/export?format=csv`}
                      download
                      data-testid={`str-csv-${row.id}`}
                    >
                      STR CSV
                    </a>
                  </>
                )}
                {row.status === 'open' && (
                  <>
                    <Button
                      size="small"
                      onClick={() => start(row, 'narrative')}
                      data-testid={`str-narrate-${row.id}`}
                    >
                      Narrative…
                    </Button>
                    <Button
                      size="small"
                      onClick={() => start(row, 'report')}
                      data-testid={`str-report-${row.id}`}
                    >
                      Reported…
                    </Button>
                    <Button
                      size="small"
                      onClick={() => start(row, 'close')}
                      data-testid={`str-close-${row.id}`}
                    >
                      No report…
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={
          acting?.kind === 'narrative'
            ? 'Rewrite the narrative'
            : acting?.kind === 'report'
              ? 'Mark reported to the AMLC'
              : 'Close without a report'
        }
        open={acting !== null}
        okText="Save"
        okButtonProps={{ disabled: value.trim().length < min, loading: act.isPending }}
        onOk={() => acting && act.mutate({ id: acting.c.id, kind: acting.kind, value: value.trim() })}
        onCancel={() => setActing(null)}
      >
        <label htmlFor="str-value">
          {acting?.kind === 'narrative'
            ? 'Narrative'
            : acting?.kind === 'report'
              ? 'Filing reference (from the AMLC portal)'
              : 'Why no report'}
        </label>
        {acting?.kind === 'report' ? (
          <Input
            id="str-value"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            data-testid="str-value"
          />
        ) : (
          <Input.TextArea
            id="str-value"
            rows={4}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            data-testid="str-value"
          />
        )}
        {act.error && <Alert type="error" title={act.error.message} style={{ marginTop: 8 }} />}
      </Modal>
    </>
  );
}
