import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Segmented, Table, Tag, Typography } from 'antd';
import type {
  ConsoleDataRequestItem,
  ConsoleRetentionErasureItem,
  ConsoleRetentionErasureList,
} from '@pisonow/domain';
import { api } from '../api.ts';
import { when } from '../format.ts';
import { BorrowerLink } from '../components/borrower-link.tsx';

const CATEGORY: Record<string, string> = {
  identity: 'Identity',
  loans: 'Loans',
  credit_reports: 'Credit reports',
  contact_details: 'Contact details',
  device_and_sessions: 'Devices & sessions',
  engagement: 'Messages & coupons',
};

/**
 * Borrowers' deletion requests (BE-12, Data Privacy Act): open ones by deadline, each with the
 * plan the borrower was shown (what is erased, what is kept until when). Support reads; an admin
 * completes one, which erases what can be erased here, with a note.
 */
export function DataRequests({
  canComplete,
  canSeeErasures,
}: {
  canComplete: boolean;
  canSeeErasures: boolean;
}) {
  const client = useQueryClient();
  const [status, setStatus] = useState<'open' | 'completed'>('open');
  const [completing, setCompleting] = useState<ConsoleDataRequestItem | null>(null);
  const [note, setNote] = useState('');
  const list = useQuery({
    queryKey: ['data-requests', status],
    queryFn: () =>
      api<{ items: ConsoleDataRequestItem[] }>('GET', `/api/console/data-requests?status=${status}`),
  });
  const complete = useMutation({
    mutationFn: (v: { id: string; note: string }) =>
      api<ConsoleDataRequestItem>('POST', `/api/console/data-requests/${v.id}/complete`, { note: v.note }),
    onSuccess: () => {
      setCompleting(null);
      setNote('');
      void client.invalidateQueries({ queryKey: ['data-requests'] });
    },
  });
  // "late" as of when the list was read (render stays pure)
  const now = list.dataUpdatedAt;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Data requests
      </Typography.Title>
      <Segmented
        aria-label="Which requests"
        value={status}
        onChange={(v) => setStatus(v as 'open' | 'completed')}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'completed', label: 'Completed' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {list.error && <Alert type="error" title={list.error.message} />}
      <Table<ConsoleDataRequestItem>
        data-testid="data-requests-table"
        loading={list.isFetching}
        rowKey="id"
        dataSource={list.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: status === 'open' ? 'Nothing waiting.' : 'Nothing completed yet.' }}
        columns={[
          { title: 'Asked', dataIndex: 'requestedAt', render: when, width: 170 },
          {
            title: 'Answer by',
            dataIndex: 'respondBy',
            width: 190,
            render: (at: string) => (
              <>
                {when(at)} {status === 'open' && Date.parse(at) < now && <Tag color="red">late</Tag>}
              </>
            ),
          },
          {
            title: 'Borrower',
            dataIndex: 'phone',
            width: 160,
            render: (phone: string, row) => (
              <BorrowerLink customerId={row.customerId}>+63 {phone}</BorrowerLink>
            ),
          },
          {
            title: 'Plan',
            key: 'plan',
            render: (_: unknown, row) =>
              row.plan.map((d) => (
                <div key={d.category}>
                  {CATEGORY[d.category] ?? d.category}:{' '}
                  {d.action === 'erase'
                    ? 'erase'
                    : `keep ${d.keepUntil ? `until ${d.keepUntil}` : 'while the loan is open'} (${d.basis})`}
                </div>
              )),
          },
          status === 'open'
            ? {
                title: 'Action',
                key: 'action',
                width: 130,
                render: (_: unknown, row: ConsoleDataRequestItem) =>
                  canComplete ? (
                    <Button onClick={() => setCompleting(row)} data-testid={`complete-${row.id}`}>
                      Complete…
                    </Button>
                  ) : (
                    'an admin completes it'
                  ),
              }
            : {
                title: 'Completed',
                key: 'completed',
                render: (_: unknown, row: ConsoleDataRequestItem) => (
                  <>
                    {when(row.completedAt)}: erased {(row.erased ?? []).join(', ') || 'nothing'}. {row.note}
                  </>
                ),
              },
        ]}
      />
      <Modal
        title="Complete the deletion request"
        open={completing !== null}
        okText="Erase and complete"
        okButtonProps={{ danger: true, disabled: note.trim().length < 5, loading: complete.isPending }}
        onOk={() => completing && complete.mutate({ id: completing.id, note: note.trim() })}
        onCancel={() => setCompleting(null)}
      >
        <Typography.Paragraph>
          This ends the borrower&apos;s sessions and erases their messages and feedback text where the plan
          says to erase them. Records the plan keeps are not touched.
        </Typography.Paragraph>
        <label htmlFor="completion-note">What was done (kept with the request and in the audit trail)</label>
        <Input.TextArea
          id="completion-note"
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          data-testid="completion-note"
        />
        {complete.error && <Alert type="error" title={complete.error.message} style={{ marginTop: 8 }} />}
      </Modal>
      {canSeeErasures && <RetentionErasures />}
    </>
  );
}

/**
 * What the retention job erased by itself (BE-12): applicants never paid out, inactive past the
 * retention period. Identity data went (sealed ID number, application steps, photos); consents,
 * the decision and AML records stay. Admins only.
 */
function RetentionErasures() {
  const list = useQuery({
    queryKey: ['retention-erasures'],
    queryFn: () => api<ConsoleRetentionErasureList>('GET', '/api/console/retention-erasures'),
  });
  return (
    <section style={{ marginTop: 32 }} data-testid="retention-erasures">
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        Erased automatically
      </Typography.Title>
      <Typography.Paragraph>
        Applicants never paid out are erased {list.data?.inactiveApplicantDays ?? '…'} days after their last
        application activity (daily job). Borrowers who were paid out are kept 5 years after their last loan
        closed ({list.data?.keptWithDate ?? '…'} with a recorded date); the job erases nothing of theirs.
      </Typography.Paragraph>
      {list.error && <Alert type="error" title={list.error.message} />}
      <Table<ConsoleRetentionErasureItem>
        loading={list.isFetching}
        rowKey="customerId"
        dataSource={list.data?.items ?? []}
        pagination={{ pageSize: 20 }}
        locale={{ emptyText: 'Nothing erased yet.' }}
        columns={[
          {
            title: 'Customer',
            dataIndex: 'customerId',
            render: (id: string) => <code>{id.slice(0, 8)}</code>,
            width: 110,
          },
          {
            title: 'Last activity',
            dataIndex: 'lastActivityAt',
            render: (v: string | null) => (v ? when(v) : '—'),
          },
          { title: 'Kept until', dataIndex: 'keepUntil' },
          {
            title: 'Erased',
            key: 'erasedAt',
            render: (_: unknown, r) =>
              r.status === 'erased' && r.erasedAt ? when(r.erasedAt) : <Tag>finishing</Tag>,
          },
          {
            title: 'What',
            key: 'what',
            render: (_: unknown, r) =>
              r.erased
                ? [
                    r.erased.sealedIdNumber ? 'ID number' : null,
                    `${r.erased.applicationSteps.length} application steps`,
                    `${r.erased.photos} photos`,
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : '—',
          },
        ]}
      />
    </section>
  );
}
