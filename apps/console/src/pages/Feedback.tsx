import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Input, Modal, Segmented, Table, Typography } from 'antd';
import type { ConsoleFeedbackItem, ConsoleFeedbackList } from '@pisonow/domain';
import { api } from '../api.ts';
import { when } from '../format.ts';
import { BorrowerLink } from '../components/borrower-link.tsx';

const LANGUAGE: Record<string, string> = { 'en-US': 'English', fil: 'Filipino', 'zh-CN': 'Chinese' };

/** The feedback queue (BE-08, VAL-11): open items, oldest first; mark one handled with a note. */
export function Feedback() {
  const client = useQueryClient();
  const [status, setStatus] = useState<'open' | 'handled'>('open');
  const [handling, setHandling] = useState<ConsoleFeedbackItem | null>(null);
  const [note, setNote] = useState('');
  const list = useQuery({
    queryKey: ['feedback', status],
    queryFn: () => api<ConsoleFeedbackList>('GET', `/api/console/feedback?status=${status}`),
  });
  const handle = useMutation({
    mutationFn: (v: { id: string; note: string }) =>
      api<ConsoleFeedbackItem>('POST', `/api/console/feedback/${v.id}/handle`, { note: v.note }),
    onSuccess: () => {
      setHandling(null);
      setNote('');
      void client.invalidateQueries({ queryKey: ['feedback'] });
    },
  });
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Feedback{' '}
        <Badge count={list.data?.open ?? 0} overflowCount={999} title="open" data-testid="feedback-open" />
      </Typography.Title>
      <Segmented
        aria-label="Which feedback"
        value={status}
        onChange={(v) => setStatus(v as 'open' | 'handled')}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'handled', label: 'Handled' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {list.error && <Alert type="error" title={list.error.message} />}
      <Table<ConsoleFeedbackItem>
        data-testid="feedback-table"
        loading={list.isFetching}
        rowKey="id"
        dataSource={list.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: status === 'open' ? 'Nothing waiting.' : 'Nothing handled yet.' }}
        columns={[
          { title: 'Received', dataIndex: 'createdAt', render: when, width: 180 },
          {
            title: 'Borrower',
            dataIndex: 'phone',
            width: 170,
            render: (phone: string, row) => (
              <BorrowerLink customerId={row.customerId}>+63 {phone}</BorrowerLink>
            ),
          },
          { title: 'Language', dataIndex: 'locale', width: 100, render: (l: string) => LANGUAGE[l] ?? l },
          { title: 'Feedback', dataIndex: 'body', render: (b: string) => <span lang="und">{b}</span> },
          status === 'open'
            ? {
                title: 'Action',
                key: 'action',
                width: 140,
                render: (_: unknown, row: ConsoleFeedbackItem) => (
                  <Button onClick={() => setHandling(row)} data-testid={`handle-${row.id}`}>
                    Mark handled…
                  </Button>
                ),
              }
            : {
                title: 'Handled',
                key: 'handled',
                render: (_: unknown, row: ConsoleFeedbackItem) => (
                  <>
                    {when(row.handledAt)}: {row.handlingNote}
                  </>
                ),
              },
        ]}
      />
      <Modal
        title="Mark feedback handled"
        open={handling !== null}
        okText="Mark handled"
        okButtonProps={{ disabled: note.trim().length < 3, loading: handle.isPending }}
        onOk={() => handling && handle.mutate({ id: handling.id, note: note.trim() })}
        onCancel={() => setHandling(null)}
      >
        <Typography.Paragraph>{handling?.body}</Typography.Paragraph>
        <label htmlFor="handling-note">What was done (kept with the feedback and in the audit trail)</label>
        <Input.TextArea
          id="handling-note"
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          data-testid="handling-note"
        />
        {handle.error && <Alert type="error" title={handle.error.message} style={{ marginTop: 8 }} />}
      </Modal>
    </>
  );
}
