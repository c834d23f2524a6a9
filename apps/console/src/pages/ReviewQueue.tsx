import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Radio,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  parsePeso,
  type ReviewAction,
  type ReviewCaseResponse,
  type ReviewDecisionRequest,
  type ReviewQueueResponse,
} from '@pisonow/domain';
import { api } from '../api.ts';
import { peso, when } from '../format.ts';
import { navigate } from '../router.ts';

type Row = ReviewQueueResponse['cases'][number];
type Rule = Row['rules'][number];

// dark text on a light tint: antd's preset tag colours are too faint for WCAG AA contrast
const outcomeStyle = {
  pass: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  review: { color: '#613400', background: '#fffbe6', borderColor: '#ffe58f' },
  fail: { color: '#820014', background: '#fff1f0', borderColor: '#ffa39e' },
} as const;
const ACTION_LABEL: Record<ReviewAction, string> = {
  approve: 'Approve with a limit',
  reupload_id: 'Ask for a new ID photo',
  reject: 'Reject with a retry date',
};

function Rules({ rules }: { rules: Rule[] }) {
  return (
    <Space wrap size={[4, 4]}>
      {rules.map((r) => (
        <Tag key={r.rule} style={outcomeStyle[r.outcome]} title={r.detail}>
          {r.rule}: {r.outcome}
        </Tag>
      ))}
    </Space>
  );
}

/** The underwriting review queue (issue 11, BE-08): open cases, oldest first. */
export function ReviewQueue() {
  const q = useQuery({
    queryKey: ['review-cases'],
    queryFn: () => api<ReviewQueueResponse>('GET', '/api/console/review-cases'),
  });
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Review queue
      </Typography.Title>
      <Typography.Paragraph>
        Applications the rules sent to a person, oldest first. The borrower sees “under review” until you
        decide.
      </Typography.Paragraph>
      {q.error && <Alert type="error" title={q.error.message} />}
      <Table<Row>
        data-testid="review-queue"
        loading={q.isFetching}
        rowKey="id"
        dataSource={q.data?.cases ?? []}
        pagination={false}
        locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.75)' }}>No open cases.</span> }}
        columns={[
          { title: 'Waiting since', dataIndex: 'openedAt', render: when },
          {
            title: 'Borrower',
            dataIndex: 'name',
            render: (name: string | null, row) => (
              <a
                href={`/console/review/${row.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(`/console/review/${row.id}`);
                }}
                data-testid={`case-${row.id}`}
              >
                {name ?? '(no name)'} · +63 {row.phone}
              </a>
            ),
          },
          {
            title: 'Why review',
            dataIndex: 'reasons',
            render: (reasons: string[]) => reasons.map((r) => <Tag key={r}>{r}</Tag>),
          },
          { title: 'Rules', dataIndex: 'rules', render: (rules: Rule[]) => <Rules rules={rules} /> },
          { title: 'Highest limit', dataIndex: 'maxLimit', render: peso },
        ]}
      />
    </>
  );
}

interface FormValues {
  action: ReviewAction;
  limit?: string;
  retryDate?: string;
  reason: string;
}

/** One case: the facts, every rule, possible duplicates, and the three decisions. */
export function ReviewCase({ caseId }: { caseId: string }) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [action, setAction] = useState<ReviewAction>('approve');
  const q = useQuery({
    queryKey: ['review-case', caseId],
    queryFn: () => api<ReviewCaseResponse>('GET', `/api/console/review-cases/${caseId}`),
  });
  const decide = useMutation({
    mutationFn: (body: ReviewDecisionRequest) =>
      api<ReviewCaseResponse>('POST', `/api/console/review-cases/${caseId}/decision`, body),
    onSuccess: (data) => {
      void message.success('Decision recorded; the borrower has been told.');
      client.setQueryData(['review-case', caseId], data);
      void client.invalidateQueries({ queryKey: ['review-cases'] });
    },
    onError: (e) => void message.error(e.message),
  });
  if (q.isLoading) return <Spin />;
  if (q.error || !q.data)
    return <Alert type="error" title={q.error?.message ?? 'Could not load this case.'} />;
  const c = q.data;
  const submit = (v: FormValues) => {
    if (v.action === 'approve') {
      let limit: bigint;
      try {
        limit = parsePeso(v.limit ?? '');
      } catch {
        form.setFields([{ name: 'limit', errors: ['Enter an amount in pesos, e.g. 3,000'] }]);
        return;
      }
      decide.mutate({ action: 'approve', limit: limit.toString(), reason: v.reason });
    } else if (v.action === 'reject')
      decide.mutate({ action: 'reject', retryDate: v.retryDate ?? '', reason: v.reason });
    else decide.mutate({ action: 'reupload_id', reason: v.reason });
  };
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }} data-testid="case-title">
        Review case: {c.name ?? '(no name)'}
      </Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate('/console/review')}>Back to the queue</Button>
        <Button onClick={() => navigate(`/console/borrowers/${c.customerId}`)}>Open the borrower page</Button>
      </Space>
      <Descriptions bordered size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Phone">+63 {c.phone}</Descriptions.Item>
        <Descriptions.Item label="Waiting since">{when(c.openedAt)}</Descriptions.Item>
        <Descriptions.Item label="Case">
          <Tag data-testid="case-status">{c.status}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Income band">{c.application.monthlyIncome ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Employment">{c.application.employmentType ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="ID">
          {c.application.idType ?? '—'}{' '}
          {c.application.idNumberLast4 ? `•••• ${c.application.idNumberLast4}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Why review">
          {c.reasons.map((r) => (
            <Tag key={r}>{r}</Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label="Limit allowed" span={2}>
          {peso(c.minLimit)} to {peso(c.maxLimit)}
        </Descriptions.Item>
      </Descriptions>
      <Card size="small" title="Rules" style={{ marginBottom: 16 }}>
        <Table<Rule>
          rowKey="rule"
          size="small"
          pagination={false}
          dataSource={c.rules}
          columns={[
            { title: 'Rule', dataIndex: 'rule' },
            {
              title: 'Outcome',
              dataIndex: 'outcome',
              render: (o: Rule['outcome']) => <Tag style={outcomeStyle[o]}>{o}</Tag>,
            },
            { title: 'Detail', dataIndex: 'detail' },
          ]}
        />
      </Card>
      {c.matches.length > 0 && (
        <Card size="small" title="Possible duplicate identity" style={{ marginBottom: 16 }}>
          <Table
            rowKey={(m) => `${m.matchedBy}:${m.customerId}`}
            size="small"
            pagination={false}
            dataSource={c.matches}
            columns={[
              {
                title: 'Other customer',
                dataIndex: 'name',
                render: (name: string | null, m) => (
                  <a
                    href={`/console/borrowers/${m.customerId}`}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(`/console/borrowers/${m.customerId}`);
                    }}
                  >
                    {name ?? m.customerId}
                  </a>
                ),
              },
              { title: 'Same', dataIndex: 'matchedBy' },
              { title: 'Their application', dataIndex: 'applicationStatus' },
            ]}
          />
        </Card>
      )}
      {c.decision ? (
        <Alert
          type="success"
          data-testid="case-decision"
          title={`${ACTION_LABEL[c.decision.action]}${
            c.decision.creditLimit ? `: ${peso(c.decision.creditLimit)}` : ''
          }${c.decision.retryDate ? `: from ${c.decision.retryDate}` : ''}`}
          description={`${c.decision.note} (${c.decision.decidedBy ?? 'unknown'}, ${when(c.decision.decidedAt)})`}
        />
      ) : c.status !== 'open' ? (
        <Alert type="info" title="The borrower changed the application; this case is closed." />
      ) : (
        <Card size="small" title="Decision">
          <Form<FormValues>
            form={form}
            layout="vertical"
            initialValues={{ action: 'approve', limit: peso(c.maxLimit), retryDate: c.suggestedRetryDate }}
            onFinish={submit}
            style={{ maxWidth: 560 }}
          >
            <Form.Item name="action" label="Decision">
              <Radio.Group
                onChange={(e) => setAction(e.target.value as ReviewAction)}
                data-testid="decision-action"
                options={(Object.keys(ACTION_LABEL) as ReviewAction[]).map((a) => ({
                  value: a,
                  label: ACTION_LABEL[a],
                }))}
              />
            </Form.Item>
            {action === 'approve' && (
              <Form.Item
                name="limit"
                label={`Credit limit (${peso(c.minLimit)} to ${peso(c.maxLimit)})`}
                rules={[{ required: true, message: 'Enter the limit' }]}
              >
                <Input data-testid="decision-limit" inputMode="decimal" />
              </Form.Item>
            )}
            {action === 'reject' && (
              <Form.Item
                name="retryDate"
                label="May apply again from (Manila date)"
                rules={[{ required: true, message: 'Choose the retry date' }]}
              >
                <Input type="date" data-testid="decision-retry-date" />
              </Form.Item>
            )}
            <Form.Item
              name="reason"
              label="Reason (kept in the audit trail)"
              rules={[{ required: true, min: 3, message: 'Give the reason (at least 3 characters)' }]}
            >
              <Input.TextArea rows={3} maxLength={500} data-testid="decision-reason" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={decide.isPending} data-testid="decision-submit">
              Record the decision
            </Button>
          </Form>
        </Card>
      )}
    </>
  );
}
