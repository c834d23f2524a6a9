import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Radio, Select, Table, Tag, Typography } from 'antd';
import {
  DISPUTE_REJECTION_REASONS,
  type ConsoleDisputeListResponse,
  type ConsoleDisputeView,
  type DisputeRejectionReason,
} from '@pisonow/domain';
import { api } from '../api.ts';
import { peso, when } from '../format.ts';
import { BorrowerLink } from '../components/borrower-link.tsx';

const REASONS: Record<DisputeRejectionReason, string> = {
  no_payment_found: 'No payment found with that reference and amount',
  receipt_unreadable: 'Receipt unreadable',
  paid_to_another_account: 'Paid to another account, not ours',
  amount_differs: 'The amount received differs from the receipt',
};

/**
 * Payment disputes (BE-10): "I paid but it is not showing". Open ones first, oldest first (the
 * borrower's charges are paused while one waits), with the receipt, the amount due as of the
 * receipt's date and this borrower's money held in suspense. Finance matches one (it is applied
 * to the loan as of when it was paid) or rejects with a reason the borrower reads in their language.
 */
export function Disputes({ canResolve }: { canResolve: boolean }) {
  const client = useQueryClient();
  const [deciding, setDeciding] = useState<ConsoleDisputeView | null>(null);
  const [outcome, setOutcome] = useState<'matched' | 'rejected'>('matched');
  const [repaymentId, setRepaymentId] = useState<string | undefined>();
  const [purpose, setPurpose] = useState<'full' | 'extension' | 'partial'>('full');
  const [reason, setReason] = useState<DisputeRejectionReason>('no_payment_found');
  const [note, setNote] = useState('');
  const queue = useQuery({
    queryKey: ['disputes'],
    queryFn: () => api<ConsoleDisputeListResponse>('GET', '/api/console/disputes'),
  });
  const resolve = useMutation({
    mutationFn: (v: { id: string; body: unknown }) =>
      api('POST', `/api/console/disputes/${v.id}/resolve`, v.body),
    onSuccess: () => {
      setDeciding(null);
      setNote('');
      void client.invalidateQueries({ queryKey: ['disputes'] });
    },
  });
  const open = (row: ConsoleDisputeView) => {
    setDeciding(row);
    setOutcome(row.heldPayments.length > 0 ? 'matched' : 'rejected');
    setRepaymentId(row.heldPayments[0]?.repaymentId);
    setNote('');
  };
  const ready = note.trim().length >= 3 && (outcome === 'rejected' || Boolean(repaymentId));
  const submit = () => {
    if (!deciding) return;
    const body =
      outcome === 'matched'
        ? { outcome, repaymentId, purpose, note: note.trim() }
        : { outcome, reason, note: note.trim() };
    resolve.mutate({ id: deciding.id, body });
  };
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Payment disputes
      </Typography.Title>
      <Typography.Paragraph>
        Late charges on a loan stop the day after its dispute is opened, until it is resolved here.
      </Typography.Paragraph>
      {queue.error && <Alert type="error" title={queue.error.message} />}
      <Table<ConsoleDisputeView>
        data-testid="disputes-table"
        loading={queue.isFetching}
        rowKey="id"
        dataSource={queue.data?.disputes ?? []}
        pagination={false}
        locale={{ emptyText: 'No payment dispute.' }}
        columns={[
          { title: 'Reported', dataIndex: 'createdAt', render: when, width: 160 },
          {
            title: 'Borrower',
            dataIndex: 'phoneMasked',
            width: 150,
            render: (phone: string, row) => <BorrowerLink customerId={row.customerId}>{phone}</BorrowerLink>,
          },
          {
            title: 'Paid (per receipt)',
            key: 'paid',
            render: (_: unknown, row) => (
              <>
                <div>
                  {peso(row.amount)} via {row.providerCode} on {row.paidOn}
                </div>
                <div>Ref. {row.reference}</div>
                {row.receiptUrl && (
                  <a href={row.receiptUrl} target="_blank" rel="noreferrer" data-testid={`receipt-${row.id}`}>
                    Receipt photo
                  </a>
                )}
              </>
            ),
          },
          {
            title: 'Due as of that day',
            dataIndex: 'amountDueAtPaidOn',
            render: (v: string) => peso(v),
            width: 130,
          },
          {
            title: 'Held in suspense',
            key: 'held',
            render: (_: unknown, row) =>
              row.heldPayments.length === 0
                ? 'none'
                : row.heldPayments.map((p) => (
                    <div key={p.repaymentId}>
                      {peso(p.amount)} {p.paidAt ? `paid ${when(p.paidAt)}` : ''}
                    </div>
                  )),
          },
          {
            title: 'Status',
            key: 'status',
            width: 190,
            render: (_: unknown, row) =>
              row.status === 'open' ? (
                canResolve ? (
                  <Button onClick={() => open(row)} data-testid={`dispute-decide-${row.id}`}>
                    Resolve…
                  </Button>
                ) : (
                  <Tag color="blue">open</Tag>
                )
              ) : (
                <span data-testid={`dispute-status-${row.id}`}>
                  <Tag color={row.status === 'matched' ? 'green' : 'red'}>{row.status}</Tag>
                  {row.rejectionReason ? REASONS[row.rejectionReason] : null}
                  {row.resolvedBy ? ` · ${row.resolvedBy}` : null}
                </span>
              ),
          },
        ]}
      />
      <Modal
        title="Resolve the payment dispute"
        open={deciding !== null}
        okText="Record the decision"
        okButtonProps={{ disabled: !ready, loading: resolve.isPending }}
        onOk={submit}
        onCancel={() => setDeciding(null)}
      >
        <Radio.Group
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as 'matched' | 'rejected')}
          aria-label="Decision"
        >
          <Radio value="matched" disabled={!deciding?.heldPayments.length}>
            Match to money held in suspense
          </Radio>
          <Radio value="rejected">Reject</Radio>
        </Radio.Group>
        {outcome === 'matched' ? (
          <div style={{ marginTop: 12, display: 'grid', gap: 8 }}>
            <label htmlFor="dispute-held">Held payment</label>
            <Select
              id="dispute-held"
              value={repaymentId}
              onChange={setRepaymentId}
              options={(deciding?.heldPayments ?? []).map((p) => ({
                value: p.repaymentId,
                label: `${peso(p.amount)}${p.providerReference ? ` · ${p.providerReference}` : ''}`,
              }))}
            />
            <label htmlFor="dispute-purpose">Apply as</label>
            <Select
              id="dispute-purpose"
              value={purpose}
              onChange={setPurpose}
              options={[
                { value: 'full', label: 'Full repayment' },
                { value: 'extension', label: 'Extension payment' },
                { value: 'partial', label: 'Partial payment' },
              ]}
            />
          </div>
        ) : (
          <div style={{ marginTop: 12, display: 'grid', gap: 8 }}>
            <label htmlFor="dispute-reason">Reason (the borrower reads it in their language)</label>
            <Select
              id="dispute-reason"
              data-testid="dispute-reason"
              value={reason}
              onChange={setReason}
              options={DISPUTE_REJECTION_REASONS.map((r) => ({ value: r, label: REASONS[r] }))}
            />
          </div>
        )}
        <div style={{ marginTop: 12 }}>
          <label htmlFor="dispute-note">What was checked (kept in the audit trail)</label>
          <Input.TextArea
            id="dispute-note"
            rows={3}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="dispute-note"
          />
        </div>
        {resolve.error && <Alert type="error" title={resolve.error.message} style={{ marginTop: 8 }} />}
      </Modal>
    </>
  );
}
