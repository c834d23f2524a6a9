import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { api } from '../api.ts';
import { when } from '../format.ts';

interface CreditReport {
  id: string;
  month: string;
  asOf: string;
  format: string;
  records: number;
  sha256: string;
  createdAt: string;
  submittedAt: string | null;
  submissionReference: string | null;
  /** made by the monthly schedule (1st–5th of the month) rather than an operator */
  scheduled: boolean;
}

/** Where a month's submission stands: due, generated, submitted, or overdue after its submission day. */
interface MonthStatus {
  month: string;
  submitBy: string;
  state: 'due' | 'generated' | 'submitted' | 'overdue';
  generatedAt: string | null;
  submittedAt: string | null;
}

const STATE_COLOR: Record<MonthStatus['state'], string | undefined> = {
  due: undefined,
  generated: 'blue',
  submitted: 'green',
  overdue: 'red',
};

/** The month before the current one, YYYY-MM: the usual month to report. */
function lastMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * The monthly credit-data file for the Credit Information Corporation (BE-13, RA 9510): make and
 * validate the file of an ended month, download it (audited), record it as sent with the CIC's
 * reference (admin).
 */
export function CreditReports({ canMarkSent }: { canMarkSent: boolean }) {
  const client = useQueryClient();
  const [month, setMonth] = useState(() => lastMonth(new Date()));
  const [sending, setSending] = useState<CreditReport | null>(null);
  const [reference, setReference] = useState('');
  const list = useQuery({
    queryKey: ['credit-reports'],
    queryFn: () =>
      api<{ items: CreditReport[]; months: MonthStatus[] }>('GET', '/api/console/credit-reports'),
  });
  const generate = useMutation({
    mutationFn: (m: string) => api<CreditReport>('POST', '/api/console/credit-reports', { month: m }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['credit-reports'] }),
  });
  const markSent = useMutation({
    mutationFn: (v: { id: string; reference: string }) =>
      api<CreditReport>('POST', `/api/console/credit-reports/${v.id}/submitted`, { reference: v.reference }),
    onSuccess: () => {
      setSending(null);
      setReference('');
      void client.invalidateQueries({ queryKey: ['credit-reports'] });
    },
  });
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Credit reports (CIC)
      </Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap>
        <label htmlFor="report-month">Month</label>
        <Input
          id="report-month"
          type="month"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          style={{ width: 180 }}
          data-testid="report-month"
        />
        <Button
          type="primary"
          loading={generate.isPending}
          onClick={() => generate.mutate(month)}
          data-testid="report-generate"
        >
          Make and validate the file
        </Button>
      </Space>
      {generate.error && <Alert type="error" title={generate.error.message} style={{ marginBottom: 16 }} />}
      {list.error && <Alert type="error" title={list.error.message} />}
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        Submissions by month
      </Typography.Title>
      <Typography.Paragraph>
        The file of the month before is made automatically on the 1st–5th of each month; it must be sent to
        the CIC by the date shown.
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 24 }} data-testid="report-months">
        {(list.data?.months ?? []).map((m) => (
          <Tag
            key={m.month}
            color={STATE_COLOR[m.state]}
            data-testid={`report-month-${m.month}`}
            title={`send by ${m.submitBy}`}
          >
            {m.month} · {m.state}
            {m.state !== 'submitted' ? ` · send by ${m.submitBy}` : ''}
          </Tag>
        ))}
      </Space>
      <Table<CreditReport>
        data-testid="reports-table"
        loading={list.isFetching}
        rowKey="id"
        dataSource={list.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: 'No file made yet.' }}
        columns={[
          { title: 'Month', dataIndex: 'month', width: 100 },
          {
            title: 'Made',
            dataIndex: 'createdAt',
            width: 200,
            render: (at: string, r) => (
              <>
                {when(at)} {r.scheduled && <Tag>schedule</Tag>}
              </>
            ),
          },
          { title: 'Accounts', dataIndex: 'records', width: 100 },
          {
            title: 'SHA-256',
            dataIndex: 'sha256',
            render: (h: string) => <code title={h}>{h.slice(0, 16)}…</code>,
          },
          {
            title: 'Sent',
            key: 'sent',
            render: (_: unknown, r) =>
              r.submittedAt ? (
                <Tag color="green">
                  {when(r.submittedAt)} · {r.submissionReference}
                </Tag>
              ) : (
                'not yet'
              ),
          },
          {
            title: 'Action',
            key: 'action',
            width: 260,
            render: (_: unknown, r) => (
              <Space>
                <a href={`/api/console/credit-reports/${r.id}/file`} data-testid={`report-file-${r.month}`}>
                  Download
                </a>
                {canMarkSent && !r.submittedAt && (
                  <Button onClick={() => setSending(r)} data-testid={`report-sent-${r.id}`}>
                    Record as sent…
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title="Record the file as sent to the CIC"
        open={sending !== null}
        okText="Record"
        okButtonProps={{ disabled: reference.trim().length < 3, loading: markSent.isPending }}
        onOk={() => sending && markSent.mutate({ id: sending.id, reference: reference.trim() })}
        onCancel={() => setSending(null)}
      >
        <label htmlFor="cic-reference">The reference the CIC portal gave</label>
        <Input
          id="cic-reference"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          data-testid="cic-reference"
        />
        {markSent.error && <Alert type="error" title={markSent.error.message} style={{ marginTop: 8 }} />}
      </Modal>
    </>
  );
}
