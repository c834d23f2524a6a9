import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Segmented, Table, Tag, Typography } from 'antd';
import type { ConsoleComplaintItem, ConsoleComplaintList } from '@pisonow/domain';
import { api } from '../api.ts';
import { when } from '../format.ts';
import { BorrowerLink } from '../components/borrower-link.tsx';

const CATEGORY: Record<string, string> = {
  payment_not_reflected: 'Payment not reflected',
  charges_or_fees: 'Charges or fees',
  collection_conduct: 'Collection conduct',
  privacy: 'Privacy',
  app_or_account: 'App or account',
  other: 'Other',
};
const STATUS_COLOR: Record<string, string> = {
  // dark solid colours: white text on them passes the contrast check
  open: '#614700',
  in_progress: '#003a8c',
  resolved: '#135200',
  escalated: '#391085',
};

/**
 * Complaints (BE-11, RA 11765, SEC MC 5 s.2023): the queue, unresolved first by the date we
 * promised to resolve them by (red once passed), and a form to answer. Marking one in progress may
 * carry a note to the borrower; resolving it needs the answer. Every change is audited and the
 * borrower is told in the message centre, in their language.
 */
export function Complaints({ canRespond }: { canRespond: boolean }) {
  const client = useQueryClient();
  const [responding, setResponding] = useState<ConsoleComplaintItem | null>(null);
  const [status, setStatus] = useState<'in_progress' | 'resolved'>('resolved');
  const [text, setText] = useState('');
  const list = useQuery({
    queryKey: ['complaints'],
    queryFn: () => api<ConsoleComplaintList>('GET', '/api/console/complaints'),
  });
  const progress = useMutation({
    mutationFn: (v: { id: string; status: 'in_progress' | 'resolved'; response: string }) =>
      api<ConsoleComplaintItem>('POST', `/api/console/complaints/${v.id}/progress`, {
        status: v.status,
        ...(v.response ? { response: v.response } : {}),
      }),
    onSuccess: () => {
      setResponding(null);
      setText('');
      void client.invalidateQueries({ queryKey: ['complaints'] });
    },
  });
  const open = (row: ConsoleComplaintItem) => {
    progress.reset();
    setStatus('resolved');
    setText('');
    setResponding(row);
  };
  const answerOk = status === 'in_progress' || text.trim().length >= 5;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Complaints
      </Typography.Title>
      {list.data && (
        <Typography.Paragraph data-testid="complaints-summary">
          {list.data.open} unresolved
          {list.data.overdue > 0 && (
            <>
              {' · '}
              <Typography.Text type="danger">{list.data.overdue} past the promised date</Typography.Text>
            </>
          )}
        </Typography.Paragraph>
      )}
      {list.error && <Alert type="error" title={list.error.message} />}
      <Table<ConsoleComplaintItem>
        data-testid="complaints-table"
        loading={list.isFetching}
        rowKey="id"
        dataSource={list.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: 'No complaints.' }}
        columns={[
          {
            title: 'Ticket',
            dataIndex: 'ticketNumber',
            width: 170,
            render: (ticket: string, row) => (
              <>
                <div>{ticket}</div>
                <Tag color={STATUS_COLOR[row.status]}>{row.status.replace('_', ' ')}</Tag>
              </>
            ),
          },
          { title: 'Filed', dataIndex: 'createdAt', render: when, width: 160 },
          {
            title: 'Resolve by',
            dataIndex: 'resolveBy',
            width: 170,
            render: (date: string, row) =>
              row.status === 'resolved' ? (
                <>
                  {date}
                  <div>resolved {when(row.resolvedAt)}</div>
                </>
              ) : (
                <span
                  data-testid={`deadline-${row.id}`}
                  data-overdue={row.overdue ? 'true' : 'false'}
                  style={row.overdue ? { color: '#cf1322', fontWeight: 600 } : undefined}
                >
                  {date}{' '}
                  {row.overdue ? (
                    <Tag color="red">{-row.daysLeft} days overdue</Tag>
                  ) : (
                    <Tag color={row.daysLeft <= 5 ? '#614700' : 'default'}>{row.daysLeft} days left</Tag>
                  )}
                </span>
              ),
          },
          {
            title: 'Borrower',
            dataIndex: 'phone',
            width: 150,
            render: (phone: string, row) => (
              <BorrowerLink customerId={row.customerId}>+63 {phone}</BorrowerLink>
            ),
          },
          {
            title: 'Complaint',
            key: 'complaint',
            render: (_: unknown, row) => (
              <>
                <Typography.Text strong>{CATEGORY[row.category] ?? row.category}</Typography.Text>
                {row.orderId && (
                  <Typography.Text type="secondary"> · loan {row.orderId.slice(0, 8)}</Typography.Text>
                )}
                <Typography.Text type="secondary"> · writes in {row.locale}</Typography.Text>
                <div style={{ whiteSpace: 'pre-wrap' }}>{row.description}</div>
                {row.response && (
                  <div style={{ marginTop: 4 }}>
                    <Typography.Text type="secondary">
                      {row.status === 'resolved' ? 'Answer' : 'Latest note'}:{' '}
                    </Typography.Text>
                    {row.response}
                  </div>
                )}
              </>
            ),
          },
          {
            title: 'Action',
            key: 'action',
            width: 120,
            render: (_: unknown, row: ConsoleComplaintItem) =>
              row.status === 'resolved' ? (
                '—'
              ) : canRespond ? (
                <Button onClick={() => open(row)} data-testid={`respond-${row.id}`}>
                  Respond…
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        title={responding ? `Respond to ${responding.ticketNumber}` : 'Respond'}
        open={responding !== null}
        okText={status === 'resolved' ? 'Resolve and tell the borrower' : 'Save and tell the borrower'}
        okButtonProps={{ disabled: !answerOk, loading: progress.isPending, id: 'complaint-respond-ok' }}
        onOk={() => responding && progress.mutate({ id: responding.id, status, response: text.trim() })}
        onCancel={() => setResponding(null)}
      >
        {responding && (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
            {responding.description}
          </Typography.Paragraph>
        )}
        <Segmented
          aria-label="New status"
          value={status}
          onChange={(v) => setStatus(v as 'in_progress' | 'resolved')}
          options={[
            { value: 'in_progress', label: 'In progress' },
            { value: 'resolved', label: 'Resolved' },
          ]}
          style={{ marginBottom: 12 }}
          data-testid="complaint-status"
        />
        <div>
          <label htmlFor="complaint-response">
            {status === 'resolved'
              ? 'The answer (required; the borrower reads it, and it is kept in the audit trail)'
              : 'A note to the borrower (optional)'}
          </label>
        </div>
        <Input.TextArea
          id="complaint-response"
          rows={4}
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="complaint-response"
        />
        {progress.error && <Alert type="error" title={progress.error.message} style={{ marginTop: 8 }} />}
      </Modal>
    </>
  );
}
