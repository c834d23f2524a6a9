import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  ConfigProvider,
  Descriptions,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import {
  PAYER_REFUND_CHANNELS,
  PAYOUT_PROVIDERS,
  REPAYMENT_PARTNERS,
  isServicing,
  parsePeso,
  type ApprovalQueueResponse,
  type HeldReason,
  type LoanMoneyResponse,
  type PayoutQueueResponse,
  type RefundQueueResponse,
  type SuspenseQueueResponse,
  type UnmatchedAssignResponse,
  type UnmatchedPreviewResponse,
  type UnmatchedRefundResponse,
} from '@pisonow/domain';
import { api } from '../api.ts';
import { BorrowerLink } from '../components/borrower-link.tsx';
import { peso, when } from '../format.ts';

/**
 * Finance (issue 11): the payout queue, money held in suspense, refunds to execute, one loan's
 * cancellation and waivers, and maker-checker approvals. Every action asks for a reason and goes
 * through the same endpoints the server audits; the server decides, this page only asks.
 */
export function Finance({ operatorId, role }: { operatorId: string; role: string }) {
  const [tab, setTab] = useState('payouts');
  // antd's default error red is under 4.5:1 on white; the darker red keeps danger buttons readable (WCAG AA)
  return (
    <ConfigProvider theme={{ token: { colorError: '#cf1322' } }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Finance
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'payouts', label: 'Payouts', children: <Payouts /> },
          { key: 'suspense', label: 'Suspense', children: <Suspense /> },
          { key: 'refunds', label: 'Refunds', children: <Refunds /> },
          { key: 'loan', label: 'Loan', children: <LoanMoney /> },
          {
            key: 'approvals',
            label: 'Approvals',
            children: <Approvals operatorId={operatorId} canDecide={role === 'admin'} />,
          },
        ]}
      />
    </ConfigProvider>
  );
}

/** One money action: a reason (and perhaps more fields) in a dialog, then the POST; the queues refresh. */
function useMoneyAction<V>(label: string, send: (values: V & { reason: string }) => Promise<unknown>) {
  const client = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void message.success(`${label}: done`);
      void client.invalidateQueries({ queryKey: ['money'] });
    },
    onError: (e) => void message.error(e.message),
  });
}

interface ReasonDialogProps {
  title: string;
  okText: string;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onOk: (values: Record<string, string>) => void;
  children?: React.ReactNode;
  testId: string;
  /** the field asked for; a reason unless said otherwise */
  field?: { name: string; label: string };
}

function ReasonDialog({
  title,
  okText,
  open,
  busy,
  onCancel,
  onOk,
  children,
  testId,
  field,
}: ReasonDialogProps) {
  const [form] = Form.useForm<Record<string, string>>();
  const asked = field ?? { name: 'reason', label: 'Reason (kept in the audit trail)' };
  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': `${testId}-ok` } as Record<string, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onOk} preserve={false}>
        {children}
        <Form.Item
          name={asked.name}
          label={asked.label}
          rules={[{ required: true, min: 3, message: 'At least 3 characters' }]}
        >
          <Input.TextArea rows={2} data-testid={`${testId}-${asked.name}`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type ApplyAs = SuspenseQueueResponse['items'][number]['appliesAs'][number];
const APPLY_AS_SHORT: Record<ApplyAs, string> = { full: 'in full', extension: 'extension', partial: 'part' };
const APPLY_AS_LABELS: Record<ApplyAs, string> = {
  partial: 'Part payment (pays down what is owed)',
  // CO-02 BE-10: money paid before an extension that cannot be reversed counts today
  full:
    'Repayment in full (exactly what was due then; paid before an extension that stands: ' +
    'what is owed today, the rest held for a refund)',
  extension: 'Extension (exactly its amount then)',
};

type PayoutItem = PayoutQueueResponse['payouts'][number];
type PayoutAction = 'retry' | 'cancel' | 'unwind';
/** Why the money was held, in finance's words (the borrower's are in the servicing catalogue). */
const HELD_REASON_LABELS: Record<HeldReason, string> = {
  amount_mismatch: 'Another amount than was due',
  already_settled: 'Loan already settled',
  not_repayable: 'Loan could not take a payment',
  duplicate: 'Paid twice',
  unmatched: 'Named no loan (assigned by finance)',
  // CO-02 BE-10: the loan was left extended. Refund it, or Apply it as a repayment in full: it then
  // pays what the loan owes today (the extension stands) and the rest is held for a refund
  paid_before_extension: 'Full payment made before an extension, reported after it',
  left_after_settling: 'Left over after settling the loan with held money',
};

const PAYOUT_ACTIONS: Record<PayoutAction, { title: string; ok: string }> = {
  retry: { title: 'Retry this payout to the same account', ok: 'Retry payout' },
  cancel: { title: 'Cancel this order', ok: 'Cancel order' },
  unwind: {
    title: 'Undo this loan: it ends cancelled and each payment the borrower made is refunded',
    ok: 'Undo loan and refund',
  },
};

function Payouts() {
  const q = useQuery({
    queryKey: ['money', 'payouts'],
    queryFn: () => api<PayoutQueueResponse>('GET', '/api/console/money/payouts'),
  });
  const [acting, setActing] = useState<{ item: PayoutItem; action: PayoutAction } | null>(null);
  const act = useMoneyAction<{ item: PayoutItem; action: PayoutAction }>(
    'Payout',
    ({ item, action, reason }) =>
      api('POST', `/api/console/money/payouts/${item.orderId}/${action}`, {
        payoutId: item.payoutId,
        reason,
      }),
  );
  return (
    <>
      <Typography.Paragraph>
        Orders whose payout failed or came back before anything was paid (waiting for a new account), payouts
        the provider accepted but has not confirmed for more than {q.data?.stuckAfterMinutes ?? 30} minutes
        (chase those with the provider; they cannot be cancelled while the money may still arrive), and
        payouts that came back after the borrower had already paid something (the returned money is held in
        suspense against the order). For those, &ldquo;Undo loan and refund&rdquo; cancels the loan (the
        borrower never had the money, so nothing is owed and its fees and interest are taken back) and makes
        every payment the borrower made a refund to execute, in the Refunds tab.
      </Typography.Paragraph>
      {q.error && <Alert type="error" title={q.error.message} />}
      <Table<PayoutItem>
        size="small"
        rowKey="payoutId"
        loading={q.isFetching}
        dataSource={q.data?.payouts ?? []}
        data-testid="payout-queue"
        pagination={{ pageSize: 20 }}
        columns={[
          {
            title: 'Order',
            dataIndex: 'orderId',
            render: (v: string | null) => (v ? <code>{v.slice(0, 8)}</code> : '—'),
          },
          { title: 'Attempt', dataIndex: 'attempt' },
          {
            title: 'State',
            dataIndex: 'state',
            render: (v: string) => (
              <Tag color={v === 'failed' || v === 'reversed' ? 'red' : undefined}>{v}</Tag>
            ),
          },
          { title: 'Failure', dataIndex: 'failureCode', render: (v: string | null) => v ?? '—' },
          { title: 'Amount', dataIndex: 'amount', render: peso },
          {
            title: 'Destination',
            render: (_, r) => `${r.destination.providerCode} ···${r.destination.accountLast4 ?? ''}`,
          },
          { title: 'Updated', dataIndex: 'updatedAt', render: when },
          {
            title: 'Actions',
            render: (_, r) =>
              r.orderStatus === 'payout_failed' ? (
                <Space>
                  <Button size="small" type="primary" onClick={() => setActing({ item: r, action: 'retry' })}>
                    Retry payout
                  </Button>
                  <Button size="small" danger onClick={() => setActing({ item: r, action: 'cancel' })}>
                    Cancel order
                  </Button>
                </Space>
              ) : r.state === 'reversed' && r.orderStatus !== 'cancelled' ? (
                <Button size="small" danger onClick={() => setActing({ item: r, action: 'unwind' })}>
                  Undo loan and refund
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
      />
      <ReasonDialog
        title={PAYOUT_ACTIONS[acting?.action ?? 'retry'].title}
        okText={PAYOUT_ACTIONS[acting?.action ?? 'retry'].ok}
        open={!!acting}
        busy={act.isPending}
        testId="payout-action"
        onCancel={() => setActing(null)}
        onOk={(v) =>
          acting && act.mutate({ ...acting, reason: v.reason ?? '' }, { onSuccess: () => setActing(null) })
        }
      />
    </>
  );
}

type SuspenseItem = SuspenseQueueResponse['items'][number];
type SuspenseAction = 'apply' | 'refund' | 'cancel';

function Suspense() {
  const q = useQuery({
    queryKey: ['money', 'suspense'],
    queryFn: () => api<SuspenseQueueResponse>('GET', '/api/console/money/suspense'),
  });
  const [acting, setActing] = useState<{ item: SuspenseItem; action: SuspenseAction } | null>(null);
  const act = useMoneyAction<{ item: SuspenseItem; action: SuspenseAction; purpose?: string }>(
    'Suspense',
    ({ item, action, reason, purpose }) =>
      action === 'cancel'
        ? api('POST', `/api/console/money/loans/${item.orderId}/cancel`, {
            repaymentId: item.repaymentId,
            reason,
          })
        : action === 'apply'
          ? api('POST', `/api/console/money/suspense/${item.repaymentId}/apply`, { purpose, reason })
          : api('POST', `/api/console/money/suspense/${item.repaymentId}/refund`, { reason }),
  );
  const titles: Record<SuspenseAction, string> = {
    apply: "Apply this money to the borrower's loan",
    refund: 'Refund this money to the borrower',
    cancel: 'Cancel the loan with this returned money (CO-05)',
  };
  return (
    <>
      <Typography.Paragraph data-testid="suspense-total">
        Held in suspense: <strong>{peso(q.data?.total)}</strong>. Apply money to the loan (counted as of when
        the borrower paid), refund it, or, when the borrower returned exactly what was paid out within 24
        hours, cancel the loan with it. A full payment made before an extension that cannot be undone counts
        as the loan stands today instead: applied as a repayment in full it pays exactly what is owed today
        (the extension and its fee stand) and the rest is held again, to refund.
      </Typography.Paragraph>
      {q.error && <Alert type="error" title={q.error.message} />}
      <Table<SuspenseItem>
        size="small"
        rowKey="repaymentId"
        loading={q.isFetching}
        dataSource={q.data?.items ?? []}
        data-testid="suspense-queue"
        pagination={{ pageSize: 20 }}
        columns={[
          {
            title: 'Order',
            dataIndex: 'orderId',
            render: (v: string | null) => (v ? <code>{v.slice(0, 8)}</code> : '—'),
          },
          { title: 'Loan', dataIndex: 'orderStatus', render: (v: string) => <Tag>{v}</Tag> },
          { title: 'Amount', dataIndex: 'amount', render: peso },
          {
            title: 'Why held',
            dataIndex: 'heldReason',
            // the label, and the reason's code finance and the borrower's records share
            render: (v: string | null) =>
              v ? (
                <span>
                  {HELD_REASON_LABELS[v as HeldReason] ?? v} <code>{v}</code>
                </span>
              ) : (
                '—'
              ),
          },
          { title: 'Paid at', dataIndex: 'paidAt', render: when },
          { title: 'Due then', dataIndex: 'amountDueAtPaidAt', render: peso },
          {
            // what Apply would take the money as now: the server's own decision, made without writing
            title: 'Applies as',
            dataIndex: 'appliesAs',
            render: (v: SuspenseItem['appliesAs']) =>
              v.length > 0 ? v.map((p) => APPLY_AS_SHORT[p]).join(', ') : 'nothing: refund it',
          },
          { title: 'Paid out', dataIndex: 'netProceeds', render: peso },
          {
            title: 'Actions',
            render: (_, r) => (
              <Space wrap>
                {r.appliesAs.length > 0 && (
                  <Button size="small" type="primary" onClick={() => setActing({ item: r, action: 'apply' })}>
                    Apply to loan
                  </Button>
                )}
                <Button size="small" onClick={() => setActing({ item: r, action: 'refund' })}>
                  Refund
                </Button>
                {r.cancellable && (
                  <Button size="small" danger onClick={() => setActing({ item: r, action: 'cancel' })}>
                    Cancel loan
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ReasonDialog
        title={acting ? titles[acting.action] : ''}
        okText={acting?.action === 'apply' ? 'Apply' : acting?.action === 'refund' ? 'Refund' : 'Cancel loan'}
        open={!!acting}
        busy={act.isPending}
        testId="suspense-action"
        onCancel={() => setActing(null)}
        onOk={(v) =>
          acting &&
          act.mutate(
            { ...acting, reason: v.reason ?? '', purpose: v.purpose ?? acting.item.appliesAs[0] },
            { onSuccess: () => setActing(null) },
          )
        }
      >
        {acting?.action === 'apply' && (
          // only the purposes the queue found the loan's rules accept (appliesAs), the first chosen
          <Form.Item name="purpose" label="Apply as" initialValue={acting.item.appliesAs[0]}>
            <Select
              aria-label="Apply as"
              data-testid="suspense-purpose"
              options={acting.item.appliesAs.map((value) => ({ value, label: APPLY_AS_LABELS[value] }))}
            />
          </Form.Item>
        )}
      </ReasonDialog>
      <Unmatched rows={q.data?.unmatched ?? []} loading={q.isFetching} />
    </>
  );
}

type UnmatchedPayment = SuspenseQueueResponse['unmatched'][number];
const assignKey = () => `assign-${crypto.randomUUID()}`;
/** where money can go back to a payer who is no borrower: banks and e-wallets (not a pickup) */
const PAYER_REFUND_PROVIDERS = PAYOUT_PROVIDERS.filter((p) =>
  (PAYER_REFUND_CHANNELS as readonly string[]).includes(p.channel),
);
const PAYER_REFUND_STATE: Record<NonNullable<UnmatchedPayment['payerRefund']>['state'], string> = {
  pending_approval: 'waiting for an admin to approve',
  to_execute: 'approved, to execute in Refunds',
  executed: 'executed',
};
type AssignForm = { borrower: string; orderId: string; providerCode: string; reason: string };

/**
 * BE-05: money that names no borrower, held in suspense with no loan. Once finance has found who
 * paid (the payer called, sent the receipt), "Assign to borrower" makes it that borrower's held
 * money on one of their loans: it then appears in the table above, where Apply or Refund resolve it
 * as any held money. Assigning takes two steps: the server first shows whom the phone or id typed
 * finds (name, masked phone, the loan), and only "Confirm" assigns, to exactly that borrower and
 * loan. A wrong match can be undone while the held money is untouched; the row then shows it was.
 */
function Unmatched({ rows, loading }: { rows: UnmatchedPayment[]; loading: boolean }) {
  const [assigning, setAssigning] = useState<UnmatchedPayment | null>(null);
  const [confirming, setConfirming] = useState<{
    item: UnmatchedPayment;
    form: AssignForm;
    preview: UnmatchedPreviewResponse;
    /** the Idempotency-Key of this confirmation: its retries and double clicks are one assignment */
    key: string;
  } | null>(null);
  const [undoing, setUndoing] = useState<UnmatchedPayment | null>(null);
  // the payer is no borrower: a refund drafted for an admin to approve, one key per dialog opened
  const [refunding, setRefunding] = useState<{ item: UnmatchedPayment; key: string } | null>(null);
  const { message } = App.useApp();
  const client = useQueryClient();
  const preview = useMutation({
    mutationFn: ({ item, form }: { item: UnmatchedPayment; form: AssignForm }) =>
      api<UnmatchedPreviewResponse>('POST', `/api/console/money/unmatched/${item.id}/preview`, {
        borrower: form.borrower,
        ...(form.orderId.trim() ? { orderId: form.orderId.trim() } : {}),
      }).then((found) => ({ item, form, preview: found, key: assignKey() })),
    onSuccess: (next) => {
      setAssigning(null);
      setConfirming(next);
    },
    onError: (e) => void message.error(e.message),
  });
  // One key per confirmed submission, kept by the server with the assignment: a late retry of a
  // confirmation whose assignment was undone since assigns nothing (the server says it was undone);
  // assigning again takes a new check and confirmation, so a new key.
  const assign = useMutation({
    mutationFn: (v: {
      item: UnmatchedPayment;
      customerId: string;
      orderId: string;
      providerCode: string;
      reason: string;
      key: string;
    }) =>
      api<UnmatchedAssignResponse>(
        'POST',
        `/api/console/money/unmatched/${v.item.id}/assign`,
        { borrower: v.customerId, orderId: v.orderId, providerCode: v.providerCode, reason: v.reason },
        { 'idempotency-key': v.key },
      ),
    onSuccess: (r) => {
      if (r.undone)
        void message.warning(
          `Nothing assigned: this confirmation's assignment was undone by ${r.undone.by}. ` +
            'Check who this is again to assign it.',
        );
      else void message.success('Assigned to borrower: done');
      void client.invalidateQueries({ queryKey: ['money'] });
    },
    onError: (e) => void message.error(e.message),
  });
  const refund = useMutation({
    mutationFn: (v: { item: UnmatchedPayment; key: string; form: Record<string, string> }) =>
      api<UnmatchedRefundResponse>(
        'POST',
        `/api/console/money/unmatched/${v.item.id}/refund`,
        {
          channel: PAYER_REFUND_PROVIDERS.find((p) => p.code === v.form.providerCode)?.channel,
          providerCode: v.form.providerCode,
          account: v.form.account,
          confirmAccount: v.form.confirmAccount,
          payeeName: v.form.payeeName,
          reason: v.form.reason,
        },
        { 'idempotency-key': v.key },
      ),
    onSuccess: (r) => {
      void message.success(
        r.state === 'pending_approval'
          ? 'Refund to the payer sent to an admin for approval'
          : `This refund was already ${r.state}`,
      );
      setRefunding(null);
      void client.invalidateQueries({ queryKey: ['money'] });
    },
    onError: (e) => void message.error(e.message),
  });
  const undo = useMoneyAction<{ item: UnmatchedPayment; repaymentId: string }>(
    'Assignment undone',
    ({ item, repaymentId, reason }) =>
      api('POST', `/api/console/money/unmatched/${item.id}/undo`, { repaymentId, reason }),
  );
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        Money naming no borrower
      </Typography.Title>
      <Typography.Paragraph>
        Payments whose reference is none of ours (for example a payment link made in the provider&rsquo;s
        dashboard), newest first. They are held in suspense; look them up at the provider by their collection.
        Once you know who paid, assign the money to that borrower: it becomes their held money above, to apply
        to their loan or refund to them. An assignment to the wrong borrower can be undone until its held
        money is applied or refunded. When the payer is no borrower of ours, refund it to the account they
        give you: a different admin approves that refund before it can be sent.
      </Typography.Paragraph>
      <Table<UnmatchedPayment>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={rows}
        data-testid="suspense-unmatched"
        pagination={{ pageSize: 20 }}
        columns={[
          { title: 'Provider', dataIndex: 'provider' },
          {
            title: 'Collection',
            dataIndex: 'providerCollectionId',
            render: (v: string | null) => (v ? <code>{v}</code> : '—'),
          },
          { title: 'Amount', dataIndex: 'amount', render: peso },
          { title: 'Received', dataIndex: 'receivedAt', render: when },
          {
            title: 'Resolved',
            render: (_, r) => (
              <Space direction="vertical" size={4}>
                {r.history.map((h) => (
                  <span key={h.repaymentId} data-testid="unmatched-history">
                    <Typography.Text delete>
                      Assigned to <code>{h.customerId.slice(0, 8)}</code> by {h.by}, {when(h.at)}
                    </Typography.Text>{' '}
                    — undone by {h.undone.by}, {when(h.undone.at)}: {h.undone.reason}
                  </span>
                ))}
                {r.resolution ? (
                  <Space wrap>
                    <span data-testid="unmatched-resolution">
                      Assigned to{' '}
                      <BorrowerLink customerId={r.resolution.customerId}>
                        <code>{r.resolution.customerId.slice(0, 8)}</code>
                      </BorrowerLink>{' '}
                      (order <code>{r.resolution.orderId.slice(0, 8)}</code>) by {r.resolution.by},{' '}
                      {when(r.resolution.at)}: {r.resolution.reason}
                    </span>
                    <Button size="small" danger data-testid="unmatched-undo" onClick={() => setUndoing(r)}>
                      Undo assignment
                    </Button>
                  </Space>
                ) : r.payerRefund ? (
                  <span data-testid="unmatched-payer-refund">
                    Refund to the payer {r.payerRefund.payeeName} ({r.payerRefund.destination.channel}{' '}
                    {r.payerRefund.destination.providerCode} ···{r.payerRefund.destination.accountLast4}):{' '}
                    <Tag>{PAYER_REFUND_STATE[r.payerRefund.state]}</Tag> drafted by {r.payerRefund.by},{' '}
                    {when(r.payerRefund.at)}: {r.payerRefund.reason}
                  </span>
                ) : (
                  <Space wrap>
                    <Button size="small" type="primary" onClick={() => setAssigning(r)}>
                      Assign to borrower
                    </Button>
                    <Button
                      size="small"
                      data-testid="unmatched-refund"
                      onClick={() => setRefunding({ item: r, key: `payer-refund-${crypto.randomUUID()}` })}
                    >
                      Refund to payer
                    </Button>
                  </Space>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ReasonDialog
        title={assigning ? `Assign ${peso(assigning.amount)} to the borrower who paid` : ''}
        okText="Check who this is"
        open={!!assigning}
        busy={preview.isPending}
        testId="unmatched-assign"
        onCancel={() => setAssigning(null)}
        onOk={(v) =>
          assigning &&
          preview.mutate({
            item: assigning,
            form: {
              borrower: v.borrower ?? '',
              orderId: v.orderId ?? '',
              providerCode: v.providerCode ?? '',
              reason: v.reason ?? '',
            },
          })
        }
      >
        <Form.Item
          name="borrower"
          label="Borrower: phone number or customer id"
          rules={[{ required: true, message: 'Who paid' }]}
        >
          <Input data-testid="unmatched-assign-borrower" />
        </Form.Item>
        <Form.Item name="orderId" label="Loan (order id; empty: their latest loan paid out)">
          <Input data-testid="unmatched-assign-order" />
        </Form.Item>
        <Form.Item
          name="providerCode"
          label="Paid through (as the provider shows it)"
          rules={[{ required: true, message: 'How it was paid' }]}
        >
          <Select
            aria-label="Paid through"
            data-testid="unmatched-assign-channel"
            options={REPAYMENT_PARTNERS.map((p) => ({ value: p.providerCode, label: p.name }))}
          />
        </Form.Item>
      </ReasonDialog>
      <Modal
        title={confirming ? `Assign ${peso(confirming.preview.amount)} to this borrower?` : ''}
        open={!!confirming}
        okText="Confirm and assign"
        confirmLoading={assign.isPending}
        onCancel={() => setConfirming(null)}
        okButtonProps={{ 'data-testid': 'unmatched-confirm-ok' } as Record<string, string>}
        onOk={() =>
          confirming &&
          assign.mutate(
            {
              item: confirming.item,
              customerId: confirming.preview.customerId,
              orderId: confirming.preview.orderId,
              providerCode: confirming.form.providerCode,
              reason: confirming.form.reason,
              key: confirming.key,
            },
            { onSuccess: () => setConfirming(null) },
          )
        }
        destroyOnHidden
      >
        {confirming && (
          <Descriptions column={1} size="small" bordered data-testid="unmatched-confirm">
            <Descriptions.Item label="Borrower">
              {confirming.preview.name ?? 'No name on file'}
            </Descriptions.Item>
            <Descriptions.Item label="Phone">{confirming.preview.phoneMasked}</Descriptions.Item>
            <Descriptions.Item label="Customer id">
              <code>{confirming.preview.customerId}</code>
            </Descriptions.Item>
            <Descriptions.Item label="Loan">
              <code>{confirming.preview.orderId.slice(0, 8)}</code> · {confirming.preview.loan.status} ·{' '}
              {peso(confirming.preview.loan.principal)} paid out {when(confirming.preview.loan.disbursedAt)}
              {confirming.preview.loan.dueDate ? `, due ${confirming.preview.loan.dueDate}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="Paid">{when(confirming.preview.paidAt)}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
      <ReasonDialog
        title={refunding ? `Refund ${peso(refunding.item.amount)} to a payer who is no borrower` : ''}
        okText="Send for approval"
        open={!!refunding}
        busy={refund.isPending}
        testId="unmatched-refund"
        onCancel={() => setRefunding(null)}
        onOk={(v) => refunding && refund.mutate({ item: refunding.item, key: refunding.key, form: v })}
      >
        <Typography.Paragraph>
          Only for a payer who is not our borrower, with their evidence of payment (the receipt). Type the
          account they give you; a different admin checks it against that evidence and approves the refund
          before it can be sent.
        </Typography.Paragraph>
        <Form.Item
          name="providerCode"
          label="Bank or e-wallet"
          rules={[{ required: true, message: 'Where the money goes' }]}
        >
          <Select
            aria-label="Bank or e-wallet"
            showSearch
            optionFilterProp="label"
            data-testid="unmatched-refund-provider"
            options={PAYER_REFUND_PROVIDERS.map((p) => ({
              value: p.code,
              label: `${p.name} (${p.channel === 'ewallet' ? 'e-wallet' : 'bank'})`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="account"
          label="Account or e-wallet number"
          rules={[{ required: true, message: 'Required' }]}
        >
          <Input data-testid="unmatched-refund-account" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="confirmAccount"
          label="The number again"
          dependencies={['account']}
          rules={[
            { required: true, message: 'Required' },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                value === getFieldValue('account')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The two numbers differ')),
            }),
          ]}
        >
          <Input data-testid="unmatched-refund-confirm" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="payeeName"
          label="Account holder's name (as the bank or e-wallet shows it)"
          rules={[{ required: true, min: 2, message: 'Required' }]}
        >
          <Input data-testid="unmatched-refund-payee" autoComplete="off" />
        </Form.Item>
      </ReasonDialog>
      <ReasonDialog
        title={undoing ? `Undo the assignment of ${peso(undoing.amount)}` : ''}
        okText="Undo assignment"
        open={!!undoing}
        busy={undo.isPending}
        testId="unmatched-undo"
        onCancel={() => setUndoing(null)}
        onOk={(v) =>
          undoing?.resolution &&
          undo.mutate(
            { item: undoing, repaymentId: undoing.resolution.repaymentId, reason: v.reason ?? '' },
            { onSuccess: () => setUndoing(null) },
          )
        }
      >
        <Typography.Paragraph>
          The money leaves this borrower&rsquo;s loan and names nobody again; they no longer see it. Possible
          only while it is not applied or refunded.
        </Typography.Paragraph>
      </ReasonDialog>
    </>
  );
}

type RefundItem = RefundQueueResponse['refunds'][number];

function Refunds() {
  const q = useQuery({
    queryKey: ['money', 'refunds'],
    queryFn: () => api<RefundQueueResponse>('GET', '/api/console/money/refunds'),
  });
  const [acting, setActing] = useState<RefundItem | null>(null);
  const act = useMoneyAction<{ item: RefundItem; transferReference: string }>(
    'Refund',
    ({ item, transferReference }) =>
      api('POST', `/api/console/money/refunds/${item.id}/executed`, {
        transferReference,
        attempt: item.attempt,
      }),
  );
  const [returning, setReturning] = useState<RefundItem | null>(null);
  const giveBack = useMoneyAction<{ item: RefundItem }>('Refund returned', ({ item, reason }) =>
    api('POST', `/api/console/money/refunds/${item.id}/returned`, { attempt: item.attempt, reason }),
  );
  // BE-05: a payer's refund that cannot be sent as approved goes back to suspense, to draft anew
  const [cancelling, setCancelling] = useState<RefundItem | null>(null);
  const cancel = useMoneyAction<{ item: RefundItem }>('Refund cancelled', ({ item, reason }) =>
    api('POST', `/api/console/money/refunds/${item.id}/cancel`, { reason }),
  );
  const [moving, setMoving] = useState<RefundItem | null>(null);
  const move = useMoneyAction<{ item: RefundItem }>('Refund account', ({ item, reason }) =>
    api('POST', `/api/console/money/refunds/${item.id}/current-account`, { reason }),
  );
  return (
    <>
      <Typography.Paragraph>
        Refunds are transfers finance makes at the bank or provider to the borrower&apos;s payout account;
        record the transfer reference once it is sent. A refund for a loan undone because its transfer came
        back names the account that bounced: confirm the account with the borrower before sending, and
        &ldquo;Use current account&rdquo; once they have changed it (on /changeBank, or with you). A refund to
        a payer who is no borrower goes to the account an admin approved; if it cannot be sent there, cancel
        it and draft a new one from the suspense tab.
      </Typography.Paragraph>
      {q.error && <Alert type="error" title={q.error.message} />}
      <Table<RefundItem>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.refunds ?? []}
        data-testid="refund-queue"
        columns={[
          {
            title: 'Order',
            dataIndex: 'orderId',
            render: (v: string | null) => (v ? <code>{v.slice(0, 8)}</code> : '—'),
          },
          { title: 'Amount', dataIndex: 'amount', render: peso },
          {
            title: 'To',
            render: (_, r) =>
              r.payee
                ? // no borrower record holds a payer's account: the whole number, to type at the bank
                  `${r.payee.name} · ${r.destination.channel} ${r.destination.providerCode} ${r.payee.account}`
                : `${r.destination.channel} ${r.destination.providerCode} ···${r.destination.accountLast4 ?? ''}`,
          },
          {
            title: 'Why',
            dataIndex: 'reason',
            render: (v: RefundItem['reason']) =>
              v === 'payout_returned' ? (
                <Tag color="red">loan undone</Tag>
              ) : v === 'payer_not_borrower' ? (
                <Tag color="purple">payer, no borrower</Tag>
              ) : (
                <Tag>held money</Tag>
              ),
          },
          {
            title: 'State',
            dataIndex: 'state',
            render: (v: string, r) => (
              <Tag>
                {v}
                {r.attempt > 1 ? ` (attempt ${r.attempt})` : ''}
              </Tag>
            ),
          },
          { title: 'Reference', dataIndex: 'transferReference', render: (v: string | null) => v ?? '—' },
          { title: 'Decided', dataIndex: 'createdAt', render: when },
          {
            title: 'Actions',
            render: (_, r) =>
              r.state === 'to_execute' ? (
                <Space>
                  <Button size="small" type="primary" onClick={() => setActing(r)}>
                    Mark executed
                  </Button>
                  {r.customerId ? (
                    <Button size="small" onClick={() => setMoving(r)}>
                      Use current account
                    </Button>
                  ) : (
                    <Button size="small" danger onClick={() => setCancelling(r)}>
                      Cancel refund
                    </Button>
                  )}
                </Space>
              ) : r.state === 'cancelled' ? (
                'back in suspense'
              ) : (
                <Space>
                  {when(r.executedAt)}
                  <Button size="small" danger onClick={() => setReturning(r)}>
                    Came back
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <ReasonDialog
        title="Record the refund transfer"
        okText="Mark executed"
        open={!!acting}
        busy={act.isPending}
        testId="refund-action"
        field={{ name: 'transferReference', label: 'Transfer reference (bank or provider)' }}
        onCancel={() => setActing(null)}
        onOk={(v) =>
          acting &&
          act.mutate(
            { item: acting, transferReference: v.transferReference ?? '', reason: '' },
            { onSuccess: () => setActing(null) },
          )
        }
      />
      <ReasonDialog
        title="The refund transfer came back: the money is owed again and the refund waits to be sent again"
        okText="Record return"
        open={!!returning}
        busy={giveBack.isPending}
        testId="refund-returned"
        onCancel={() => setReturning(null)}
        onOk={(v) =>
          returning &&
          giveBack.mutate(
            { item: returning, reason: v.reason ?? '' },
            { onSuccess: () => setReturning(null) },
          )
        }
      />
      <ReasonDialog
        title="Cancel this refund to the payer: its money names nobody again, to refund anew (approved again) or assign"
        okText="Cancel refund"
        open={!!cancelling}
        busy={cancel.isPending}
        testId="refund-cancel"
        onCancel={() => setCancelling(null)}
        onOk={(v) =>
          cancelling &&
          cancel.mutate(
            { item: cancelling, reason: v.reason ?? '' },
            { onSuccess: () => setCancelling(null) },
          )
        }
      />
      <ReasonDialog
        title="Send this refund to the borrower's payout account as it is now"
        okText="Use current account"
        open={!!moving}
        busy={move.isPending}
        testId="refund-account"
        onCancel={() => setMoving(null)}
        onOk={(v) =>
          moving &&
          move.mutate({ item: moving, reason: v.reason ?? '' }, { onSuccess: () => setMoving(null) })
        }
      />
    </>
  );
}

const waiverKey = () => `waiver-${crypto.randomUUID()}`;

function LoanMoney() {
  const [orderId, setOrderId] = useState('');
  const q = useQuery({
    queryKey: ['money', 'loan', orderId],
    queryFn: () => api<LoanMoneyResponse>('GET', `/api/console/money/loans/${orderId}`),
    enabled: /^[0-9a-f-]{36}$/.test(orderId),
    retry: false,
  });
  // one key per waiver the operator means: a double submit of the same form is one waiver
  const [key, setKey] = useState(waiverKey);
  const client = useQueryClient();
  const { message } = App.useApp();
  const waive = useMutation({
    mutationFn: (v: { lateCharge: string; penalty: string; reason: string }) =>
      api<{ state: string }>(
        'POST',
        `/api/console/money/loans/${orderId}/waivers`,
        {
          lateCharge: parsePeso(v.lateCharge || '0').toString(),
          penalty: parsePeso(v.penalty || '0').toString(),
          reason: v.reason,
        },
        { 'idempotency-key': key },
      ),
    onSuccess: (r) => {
      void message.success(r.state === 'applied' ? 'Waiver applied' : 'Waiver sent for approval');
      setKey(waiverKey());
      void client.invalidateQueries({ queryKey: ['money'] });
    },
    onError: (e) => void message.error(e.message),
  });
  const writeOff = useMutation({
    mutationFn: (v: { reason: string }) =>
      api<{ state: string; amount: string }>('POST', `/api/console/money/loans/${orderId}/write-off`, v),
    onSuccess: (r) => {
      void message.success(`Write-off of ${peso(r.amount)} sent to an admin for approval`);
      void client.invalidateQueries({ queryKey: ['money'] });
    },
    onError: (e) => void message.error(e.message),
  });
  const hardship = useMutation({
    mutationFn: (v: { until: string; reason: string }) =>
      api<{ state: string; until: string }>('POST', `/api/console/money/loans/${orderId}/hardship`, v),
    onSuccess: (r) => {
      void message.success(`Hardship plan until ${r.until} sent to an admin for approval`);
      void client.invalidateQueries({ queryKey: ['money'] });
    },
    onError: (e) => void message.error(e.message),
  });
  const loan = q.data;
  const pesoRule = {
    validator: async (_: unknown, v: string | undefined) => {
      if (v) parsePeso(v);
    },
    message: 'An amount in pesos, e.g. 12.50',
  };
  return (
    <>
      <Input.Search
        aria-label="Order id"
        placeholder="Order id"
        enterButton="Open"
        style={{ maxWidth: 520, marginBottom: 16 }}
        onSearch={(v) => setOrderId(v.trim())}
        data-testid="loan-order-id"
      />
      {q.error && <Alert type="error" title={q.error.message} />}
      {loan && (
        <>
          <Descriptions
            bordered
            size="small"
            column={3}
            style={{ marginBottom: 16 }}
            data-testid="loan-money"
          >
            <Descriptions.Item label="Status">
              <Tag>{loan.status}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Principal">{peso(loan.principal)}</Descriptions.Item>
            <Descriptions.Item label="Paid out">{peso(loan.netProceeds)}</Descriptions.Item>
            <Descriptions.Item label="Disbursed">{when(loan.disbursedAt)}</Descriptions.Item>
            <Descriptions.Item label="Cancellable until">{when(loan.cancellableUntil)}</Descriptions.Item>
            <Descriptions.Item label="Due date">{loan.dueDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Owed in total">{peso(loan.outstanding.total)}</Descriptions.Item>
            <Descriptions.Item label="Late charge owed">
              {peso(loan.outstanding.lateCharge)}
            </Descriptions.Item>
            <Descriptions.Item label="Penalty owed">{peso(loan.outstanding.penalty)}</Descriptions.Item>
          </Descriptions>
          {isServicing(loan.status) && (
            <>
              <Typography.Title level={2} style={{ fontSize: 18 }}>
                Waive late charge and penalty
              </Typography.Title>
              <Typography.Paragraph>
                Up to {peso(loan.waiverApprovalThreshold)} applies at once; more waits for a second admin. To
                cancel within 24 hours, the borrower returns what was paid out; then cancel from Suspense.
              </Typography.Paragraph>
              <Form layout="inline" onFinish={(v) => waive.mutate(v)} style={{ rowGap: 8 }}>
                <Form.Item name="lateCharge" label="Late charge (₱)" rules={[pesoRule]}>
                  <Input style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name="penalty" label="Penalty (₱)" rules={[pesoRule]}>
                  <Input style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name="reason" label="Reason" rules={[{ required: true, min: 3 }]}>
                  <Input style={{ width: 280 }} />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={waive.isPending}>
                  Waive
                </Button>
              </Form>
            </>
          )}
          {isServicing(loan.status) && (
            <>
              <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
                Hardship plan
              </Typography.Title>
              <Typography.Paragraph>
                No late charge or penalty from tomorrow until the date the borrower will pay by (within 90
                days). An admin approves it; the borrower is told in their messages.
              </Typography.Paragraph>
              <Form layout="inline" onFinish={(v) => hardship.mutate(v)} style={{ rowGap: 8 }}>
                <Form.Item
                  name="until"
                  label="Pay by (YYYY-MM-DD)"
                  rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/ }]}
                >
                  <Input style={{ width: 140 }} data-testid="hardship-until" />
                </Form.Item>
                <Form.Item name="reason" label="Reason" rules={[{ required: true, min: 3 }]}>
                  <Input style={{ width: 280 }} data-testid="hardship-reason" />
                </Form.Item>
                <Button htmlType="submit" loading={hardship.isPending} data-testid="hardship">
                  Draft plan
                </Button>
              </Form>
            </>
          )}
          {loan.status === 'overdue' && (
            <>
              <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
                Write off
              </Typography.Title>
              <Typography.Paragraph>
                From 90 days past due. The book value goes to credit loss once an admin approves; the borrower
                still owes it, collection goes on, the CIC still sees the loan past due, and what is collected
                later is recovery income.
              </Typography.Paragraph>
              <Form layout="inline" onFinish={(v) => writeOff.mutate(v)} style={{ rowGap: 8 }}>
                <Form.Item name="reason" label="Reason" rules={[{ required: true, min: 3 }]}>
                  <Input style={{ width: 360 }} data-testid="write-off-reason" />
                </Form.Item>
                <Button danger htmlType="submit" loading={writeOff.isPending} data-testid="write-off">
                  Draft write-off
                </Button>
              </Form>
            </>
          )}
        </>
      )}
    </>
  );
}

type ApprovalItem = ApprovalQueueResponse['requests'][number];

function Approvals({ operatorId, canDecide }: { operatorId: string; canDecide: boolean }) {
  const q = useQuery({
    queryKey: ['money', 'approvals'],
    queryFn: () => api<ApprovalQueueResponse>('GET', '/api/console/money/approvals'),
  });
  const act = useMoneyAction<{ id: string; decision: 'approve' | 'reject' }>('Request', ({ id, decision }) =>
    api('POST', `/api/console/money/approvals/${id}/${decision}`),
  );
  return (
    <>
      <Typography.Paragraph>
        Waivers above the threshold, hardship plans, write-offs and refunds to payers who are no borrowers
        wait here. A different admin than the one who asked approves or rejects them.
      </Typography.Paragraph>
      {q.error && <Alert type="error" title={q.error.message} />}
      <Table<ApprovalItem>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.requests ?? []}
        data-testid="approval-queue"
        columns={[
          {
            title: 'Kind',
            dataIndex: 'kind',
            render: (v: string, r) => {
              if (v !== 'payer_refund') return v;
              // the whole account, to check against the payer's evidence before approving
              const d = (r.payload as { destination?: Record<string, string> }).destination ?? {};
              return (
                <span data-testid="approval-payer-refund">
                  refund to payer: {d.payeeName} · {d.channel} {d.providerCode} {d.account}
                </span>
              );
            },
          },
          {
            title: 'Order',
            dataIndex: 'orderId',
            render: (v: string | null) => (v ? <code>{v.slice(0, 8)}</code> : '—'),
          },
          {
            title: 'Amount',
            render: (_, r) => {
              const p = r.payload as {
                lateCharge?: string;
                penalty?: string;
                amount?: string;
                until?: string;
              };
              if (p.until) return `until ${p.until}`;
              return peso(p.amount ?? (BigInt(p.lateCharge ?? '0') + BigInt(p.penalty ?? '0')).toString());
            },
          },
          { title: 'Reason', dataIndex: 'reason' },
          { title: 'Asked by', dataIndex: 'makerEmail' },
          { title: 'State', dataIndex: 'state', render: (v: string) => <Tag>{v}</Tag> },
          {
            title: 'Actions',
            render: (_, r) =>
              r.state === 'pending' && canDecide && r.makerId !== operatorId ? (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => act.mutate({ id: r.id, decision: 'approve', reason: '' })}
                  >
                    Approve
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() => act.mutate({ id: r.id, decision: 'reject', reason: '' })}
                  >
                    Reject
                  </Button>
                </Space>
              ) : (
                when(r.decidedAt)
              ),
          },
        ]}
      />
    </>
  );
}
