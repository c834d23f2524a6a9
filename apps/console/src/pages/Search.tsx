import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Table, Tag, Typography } from 'antd';
import type { BorrowerSearchResponse } from '@pisonow/domain';
import { api } from '../api.ts';
import { when } from '../format.ts';
import { BorrowerLink } from '../components/borrower-link.tsx';

type Row = BorrowerSearchResponse['results'][number];

export function Search() {
  const initial = new URLSearchParams(window.location.search).get('q') ?? '';
  const [q, setQ] = useState(initial);
  const results = useQuery({
    queryKey: ['search', q],
    queryFn: () => api<BorrowerSearchResponse>('GET', `/api/console/borrowers?q=${encodeURIComponent(q)}`),
    enabled: q.trim().length >= 2,
  });
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Find a borrower
      </Typography.Title>
      <Input.Search
        aria-label="Phone, name, order id or ID number (last 4 digits)"
        placeholder="Phone, name, order id or ID number (last 4 digits)"
        defaultValue={initial}
        enterButton="Search"
        size="large"
        allowClear
        onSearch={(value) => {
          setQ(value.trim());
          window.history.replaceState(null, '', `/console/search?q=${encodeURIComponent(value.trim())}`);
        }}
        data-testid="search-input"
        style={{ maxWidth: 640, marginBottom: 16 }}
      />
      {results.error && <Alert type="error" title={results.error.message} />}
      <Table<Row>
        data-testid="search-results"
        loading={results.isFetching}
        rowKey="customerId"
        dataSource={results.data?.results ?? []}
        pagination={false}
        locale={{ emptyText: q ? 'No borrower found.' : 'Type at least 2 characters.' }}
        columns={[
          {
            title: 'Name',
            dataIndex: 'name',
            render: (name: string | null, row) => (
              <BorrowerLink customerId={row.customerId} testId={`open-${row.customerId}`}>
                {name ?? '(no name yet)'}
              </BorrowerLink>
            ),
          },
          { title: 'Phone', dataIndex: 'phone', render: (p: string) => `+63 ${p}` },
          { title: 'Application', dataIndex: 'applicationStatus', render: (s: string | null) => s ?? '—' },
          { title: 'ID (last 4)', dataIndex: 'idNumberLast4', render: (s: string | null) => s ?? '—' },
          { title: 'Registered', dataIndex: 'registeredAt', render: when },
          { title: 'Matched by', dataIndex: 'matchedBy', render: (m: string) => <Tag>{m}</Tag> },
        ]}
      />
    </>
  );
}
