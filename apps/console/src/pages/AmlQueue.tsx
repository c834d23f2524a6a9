import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Radio, Table, Typography } from 'antd';
import { api } from '../api.ts';
import { when } from '../format.ts';
import { AmlRiskList, StrCases } from './AmlRisk.tsx';
import { BorrowerLink } from '../components/borrower-link.tsx';

interface Hit {
  reference: string;
  name: string;
  score: number;
  birthDate: 'match' | 'differs' | 'not_listed';
}
interface Screening {
  id: string;
  customerId: string;
  phone: string;
  screenedAt: string;
  hits: Hit[];
}
interface Queue {
  items: Screening[];
  list: { importedAt: string; people: number; generatedAt: string | null } | null;
}

/**
 * The AML queue (BE-14): possible matches on the designated-persons list, each with the listed
 * names it resembled, how closely, and whether the birth date matched. Clear (another person: the
 * borrower may borrow) or confirm (listed: the hold stays; file the report with the AMLC).
 */
export function AmlQueue() {
  const client = useQueryClient();
  const [deciding, setDeciding] = useState<Screening | null>(null);
  const [resolution, setResolution] = useState<'cleared' | 'confirmed'>('cleared');
  const [note, setNote] = useState('');
  const queue = useQuery({
    queryKey: ['aml'],
    queryFn: () => api<Queue>('GET', '/api/console/aml/screenings'),
  });
  const resolve = useMutation({
    mutationFn: (v: { id: string; resolution: string; note: string }) =>
      api('POST', `/api/console/aml/screenings/${v.id}/resolve`, { resolution: v.resolution, note: v.note }),
    onSuccess: () => {
      setDeciding(null);
      setNote('');
      void client.invalidateQueries({ queryKey: ['aml'] });
    },
  });
  const list = queue.data?.list;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        AML screening
      </Typography.Title>
      <Typography.Paragraph data-testid="aml-list">
        {list
          ? `List imported ${when(list.importedAt)}: ${list.people} listed people (generated ${list.generatedAt ?? 'unknown'}).`
          : 'No list imported yet: npm run aml:import -w @pisonow/api -- consolidated.xml'}
      </Typography.Paragraph>
      {queue.error && <Alert type="error" title={queue.error.message} />}
      <Table<Screening>
        data-testid="aml-table"
        loading={queue.isFetching}
        rowKey="id"
        dataSource={queue.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: 'No possible match waiting.' }}
        columns={[
          { title: 'Screened', dataIndex: 'screenedAt', render: when, width: 170 },
          {
            title: 'Borrower',
            dataIndex: 'phone',
            width: 160,
            render: (phone: string, row) => (
              <BorrowerLink customerId={row.customerId}>+63 {phone}</BorrowerLink>
            ),
          },
          {
            title: 'Resembles',
            key: 'hits',
            render: (_: unknown, row) =>
              row.hits.map((h) => (
                <div key={h.reference}>
                  {h.reference} {h.name} · {Math.round(h.score * 100)}% · birth date{' '}
                  {h.birthDate.replace('_', ' ')}
                </div>
              )),
          },
          {
            title: 'Action',
            key: 'action',
            width: 120,
            render: (_: unknown, row) => (
              <Button onClick={() => setDeciding(row)} data-testid={`aml-decide-${row.id}`}>
                Decide…
              </Button>
            ),
          },
        ]}
      />
      <Modal
        title="Decide the possible match"
        open={deciding !== null}
        okText="Record the decision"
        okButtonProps={{ disabled: note.trim().length < 5, loading: resolve.isPending }}
        onOk={() => deciding && resolve.mutate({ id: deciding.id, resolution, note: note.trim() })}
        onCancel={() => setDeciding(null)}
      >
        <Radio.Group
          value={resolution}
          onChange={(e) => setResolution(e.target.value as 'cleared' | 'confirmed')}
          aria-label="Decision"
        >
          <Radio value="cleared">Another person: clear</Radio>
          <Radio value="confirmed">The listed person: keep the hold, report</Radio>
        </Radio.Group>
        <div style={{ marginTop: 12 }}>
          <label htmlFor="aml-note">Why (what was checked)</label>
          <Input.TextArea
            id="aml-note"
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="aml-note"
          />
        </div>
        {resolve.error && <Alert type="error" title={resolve.error.message} style={{ marginTop: 8 }} />}
      </Modal>
      <AmlRiskList />
      <StrCases />
    </>
  );
}
