import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Space, Table, Typography } from 'antd';
import { api } from '../api.ts';
import { peso, when } from '../format.ts';

interface Closure {
  month: string;
  closedThrough: string;
  closedAt: string;
  closedBy: string;
  trialBalance: Record<string, string>;
}

/**
 * Month-end (BE-15): the months whose books are closed, each with the trial balance it was closed
 * on; an admin closes the next month once it has ended. Nothing can be posted into a closed month.
 */
export function Accounting({ canClose }: { canClose: boolean }) {
  const client = useQueryClient();
  const [month, setMonth] = useState('');
  const q = useQuery({
    queryKey: ['accounting'],
    queryFn: () => api<{ closures: Closure[] }>('GET', '/api/console/accounting/closures'),
  });
  const close = useMutation({
    mutationFn: (m: string) => api<Closure>('POST', '/api/console/accounting/closures', { month: m }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['accounting'] }),
  });
  const latest = q.data?.closures[0];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Month-end
      </Typography.Title>
      <Typography.Paragraph data-testid="closed-through">
        {latest
          ? `Books closed through ${latest.closedThrough}: nothing can be posted on or before that day.`
          : 'No month closed yet.'}
      </Typography.Paragraph>
      {canClose && (
        <Space style={{ marginBottom: 16 }}>
          <label htmlFor="close-month">Close month (YYYY-MM)</label>
          <Input
            id="close-month"
            style={{ width: 140 }}
            value={month}
            onChange={(e) => setMonth(e.target.value.trim())}
            data-testid="close-month"
          />
          <Button
            type="primary"
            danger
            disabled={!/^\d{4}-\d{2}$/.test(month)}
            loading={close.isPending}
            onClick={() => close.mutate(month)}
            data-testid="close-month-submit"
          >
            Close the books
          </Button>
        </Space>
      )}
      {(q.error ?? close.error) && <Alert type="error" title={(q.error ?? close.error)!.message} />}
      <Table<Closure>
        data-testid="closures-table"
        rowKey="month"
        loading={q.isFetching}
        dataSource={q.data?.closures ?? []}
        pagination={false}
        locale={{ emptyText: 'No month closed yet.' }}
        expandable={{
          expandedRowRender: (c) => (
            <Table
              size="small"
              rowKey="account"
              pagination={false}
              dataSource={Object.entries(c.trialBalance).map(([account, balance]) => ({ account, balance }))}
              columns={[
                { title: 'Account', dataIndex: 'account' },
                {
                  title: 'Balance (debit +, credit −)',
                  dataIndex: 'balance',
                  render: (v: string) => peso(v),
                },
              ]}
            />
          ),
        }}
        columns={[
          { title: 'Month', dataIndex: 'month' },
          { title: 'Closed through', dataIndex: 'closedThrough' },
          { title: 'Closed at', dataIndex: 'closedAt', render: when },
          { title: 'Accounts', key: 'n', render: (_: unknown, c) => Object.keys(c.trialBalance).length },
        ]}
      />
    </>
  );
}
