import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Image,
  Popconfirm,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { BorrowerPageResponse } from '@pisonow/domain';
import { api } from '../api.ts';
import { navigate } from '../router.ts';
import { peso, when } from '../format.ts';
import { AmlRiskBlock } from './AmlRisk.tsx';

type Page = BorrowerPageResponse;
type Order = Page['orders'][number];

const json = (value: unknown) => (
  <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{JSON.stringify(value, null, 2)}</pre>
);

export function BorrowerPage({
  customerId,
  canEngage,
  canAml = false,
}: {
  customerId: string;
  canEngage: boolean;
  /** BE-14: underwriters and admins see the AML risk block */
  canAml?: boolean;
}) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const q = useQuery({
    queryKey: ['borrower', customerId],
    queryFn: () => api<Page>('GET', `/api/console/borrowers/${customerId}`),
  });
  const revoke = useMutation({
    mutationFn: (sessionId: string) =>
      api('POST', `/api/console/borrowers/${customerId}/sessions/${sessionId}/revoke`),
    onSuccess: () => {
      void message.success('Session revoked');
      void client.invalidateQueries({ queryKey: ['borrower', customerId] });
    },
    onError: (e) => void message.error(e.message),
  });
  if (q.isLoading) return <Spin />;
  if (q.error || !q.data)
    return <Alert type="error" title={q.error?.message ?? 'Could not load this borrower.'} />;
  const p = q.data;
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={1} style={{ fontSize: 24 }} data-testid="borrower-name">
          {p.customer.name ?? '(no name yet)'}
        </Typography.Title>
        {canEngage && (
          <Button
            href={`/console/engagement?customerId=${customerId}`}
            onClick={(e) => {
              e.preventDefault();
              navigate(`/console/engagement?customerId=${customerId}`);
            }}
            data-testid="to-engagement"
          >
            Coupon or message…
          </Button>
        )}
      </Space>
      <Descriptions bordered size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Phone">+63 {p.customer.phone}</Descriptions.Item>
        <Descriptions.Item label="Registered">{when(p.customer.registeredAt)}</Descriptions.Item>
        <Descriptions.Item label="Application">
          {p.application ? <Tag data-testid="application-status">{p.application.status}</Tag> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="ID type">{p.application?.idType ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="ID number">
          {p.application?.idNumberLast4 ? `•••• ${p.application.idNumberLast4}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Customer id">{p.customer.id}</Descriptions.Item>
      </Descriptions>
      {canAml && <AmlRiskBlock customerId={customerId} />}
      <Tabs
        items={[
          {
            key: 'application',
            label: 'Application',
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  {p.photos.map((ph) =>
                    ph.url ? (
                      <Card
                        key={ph.id}
                        size="small"
                        title={`${ph.kind} (link expires ${when(ph.expiresAt)})`}
                      >
                        <Image src={ph.url} alt={`${ph.kind} photo`} width={200} />
                      </Card>
                    ) : null,
                  )}
                </Space>
                <Table
                  size="small"
                  rowKey="step"
                  pagination={false}
                  dataSource={p.application?.steps ?? []}
                  columns={[
                    { title: 'Step', dataIndex: 'step' },
                    { title: 'Completed', dataIndex: 'completedAt', render: when },
                    { title: 'Data', dataIndex: 'data', render: json },
                  ]}
                />
              </Space>
            ),
          },
          {
            key: 'decision',
            label: 'Decision',
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={p.decisions}
                data-testid="decisions"
                columns={[
                  { title: 'Submission', dataIndex: 'submission' },
                  { title: 'Outcome', dataIndex: 'outcome', render: (o: string) => <Tag>{o}</Tag> },
                  { title: 'Limit', dataIndex: 'creditLimit', render: peso },
                  { title: 'Reason', dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
                  { title: 'Decided', dataIndex: 'decidedAt', render: when },
                  { title: 'Rules', dataIndex: 'rules', render: json },
                ]}
              />
            ),
          },
          {
            key: 'loans',
            label: `Loans (${p.orders.length})`,
            children: p.orders.map((o) => <LoanCard key={o.id} order={o} />),
          },
          {
            key: 'repayments',
            label: 'Repayments',
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={p.repayments}
                columns={[
                  { title: 'Created', dataIndex: 'createdAt', render: when },
                  { title: 'Purpose', dataIndex: 'purpose' },
                  { title: 'Channel', dataIndex: 'channel' },
                  { title: 'Amount', dataIndex: 'amount', render: peso, align: 'right' },
                  { title: 'Received', dataIndex: 'amountReceived', render: peso, align: 'right' },
                  { title: 'State', dataIndex: 'state', render: (s: string) => <Tag>{s}</Tag> },
                  { title: 'Paid at', dataIndex: 'paidAt', render: when },
                ]}
              />
            ),
          },
          {
            key: 'messages',
            label: `Messages (${p.messages.length})`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                dataSource={p.messages}
                data-testid="borrower-messages"
                columns={[
                  { title: 'Sent', dataIndex: 'createdAt', render: when, width: 170 },
                  { title: 'Tab', dataIndex: 'kind', width: 90 },
                  {
                    title: 'Message (as read in English)',
                    key: 'text',
                    render: (_: unknown, m) => (
                      <>
                        <strong>{m.title}</strong>
                        <br />
                        {m.body}
                      </>
                    ),
                  },
                  {
                    title: 'Read',
                    dataIndex: 'readAt',
                    width: 170,
                    render: (r: string | null) => (r ? when(r) : <Tag>unread</Tag>),
                  },
                ]}
              />
            ),
          },
          {
            key: 'consents',
            label: 'Consents',
            children: (
              <Table
                size="small"
                rowKey={(c) => `${c.kind}-${c.policyVersion}`}
                pagination={false}
                dataSource={p.consents}
                columns={[
                  { title: 'Kind', dataIndex: 'kind' },
                  { title: 'Policy version', dataIndex: 'policyVersion' },
                  { title: 'Accepted', dataIndex: 'acceptedAt', render: when },
                  { title: 'IP', dataIndex: 'ip' },
                ]}
              />
            ),
          },
          {
            key: 'sessions',
            label: 'Sessions',
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={p.sessions}
                columns={[
                  { title: 'Signed in', dataIndex: 'createdAt', render: when },
                  { title: 'Expires', dataIndex: 'expiresAt', render: when },
                  { title: 'Device', dataIndex: 'userAgent', render: (u: string | null) => u ?? '—' },
                  { title: 'IP', dataIndex: 'ip' },
                  {
                    title: 'Status',
                    key: 'status',
                    render: (_: unknown, s) =>
                      s.revokedAt ? (
                        `Revoked ${when(s.revokedAt)}`
                      ) : (
                        <Popconfirm
                          title="Sign the borrower out of this device?"
                          okText="Revoke"
                          onConfirm={() => revoke.mutate(s.id)}
                        >
                          <Button danger size="small">
                            Revoke
                          </Button>
                        </Popconfirm>
                      ),
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </>
  );
}

function LoanCard({ order: o }: { order: Order }) {
  return (
    <Card size="small" title={`Order ${o.id} · ${o.status}`} style={{ marginBottom: 16 }} data-testid="loan">
      <Descriptions size="small" column={4} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Principal">{peso(o.principal)}</Descriptions.Item>
        <Descriptions.Item label="Term">{o.termDays} days</Descriptions.Item>
        <Descriptions.Item label="Due date">{o.dueDate ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Balance">
          <strong data-testid="loan-balance">{peso(o.balance.total)}</strong>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        Ledger
      </Typography.Title>
      <Table
        size="small"
        rowKey={(l) => `${l.transactionId}-${l.account}-${l.amount}`}
        pagination={false}
        dataSource={o.ledger}
        columns={[
          { title: 'Posted', dataIndex: 'postedAt', render: when },
          { title: 'Kind', dataIndex: 'kind' },
          { title: 'Account', dataIndex: 'account' },
          {
            title: 'Debit',
            dataIndex: 'amount',
            align: 'right',
            render: (a: string) => (BigInt(a) > 0n ? peso(a) : ''),
          },
          {
            title: 'Credit',
            dataIndex: 'amount',
            key: 'credit',
            align: 'right',
            render: (a: string) => (BigInt(a) < 0n ? peso(String(-BigInt(a))) : ''),
          },
        ]}
      />
    </Card>
  );
}
