import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { AuditListResponse } from '@pisonow/domain';
import { api } from '../api.ts';
import { when } from '../format.ts';

interface Filter {
  operatorId?: string;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

interface Operators {
  operators: { id: string; email: string; role: string }[];
}

function queryString(f: Filter): string {
  const p = new URLSearchParams();
  if (f.operatorId) p.set('operatorId', f.operatorId);
  if (f.action?.trim()) p.set('action', f.action.trim());
  if (f.range?.[0]) p.set('from', f.range[0].startOf('day').toISOString());
  if (f.range?.[1]) p.set('to', f.range[1].endOf('day').toISOString());
  return p.toString();
}

/** The audit trail (admin): filter by operator, action and dates; export the same rows as CSV. */
export function Audit() {
  const [filter, setFilter] = useState<Filter>({});
  const qs = queryString(filter);
  const operators = useQuery({
    queryKey: ['operators'],
    queryFn: () => api<Operators>('GET', '/api/console/operators'),
  });
  const entries = useQuery({
    queryKey: ['audit', qs],
    queryFn: () => api<AuditListResponse>('GET', `/api/console/audit?${qs}`),
  });
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Audit trail
      </Typography.Title>
      <Form<Filter> layout="inline" onFinish={setFilter} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label="Operator" name="operatorId">
          <Select
            allowClear
            style={{ width: 280 }}
            aria-label="Operator"
            options={(operators.data?.operators ?? []).map((o) => ({
              value: o.id,
              label: `${o.email} (${o.role})`,
            }))}
          />
        </Form.Item>
        <Form.Item label="Action" name="action">
          <Input placeholder="e.g. borrower.view" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Dates" name="range">
          <DatePicker.RangePicker aria-label="Dates" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            Filter
          </Button>
          <Button href={`/api/console/audit/export?${qs}`} data-testid="audit-export">
            Export CSV
          </Button>
        </Space>
      </Form>
      {entries.error && <Alert type="error" title={entries.error.message} />}
      <Table
        size="small"
        rowKey="id"
        loading={entries.isFetching}
        dataSource={entries.data?.entries ?? []}
        pagination={{ pageSize: 50 }}
        data-testid="audit-table"
        columns={[
          { title: 'When', dataIndex: 'at', render: when },
          { title: 'Operator', dataIndex: 'operatorEmail', render: (e: string | null) => e ?? '—' },
          { title: 'Role', dataIndex: 'role', render: (r: string | null) => r ?? '—' },
          { title: 'Action', dataIndex: 'action' },
          {
            title: 'Target',
            key: 'target',
            render: (_: unknown, e) => (e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '—'),
          },
          {
            title: 'Outcome',
            dataIndex: 'outcome',
            render: (o: string) => <Tag>{o}</Tag>,
          },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </>
  );
}
