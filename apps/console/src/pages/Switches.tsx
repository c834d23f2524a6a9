import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Input, Modal, Switch, Table, Tag, Typography } from 'antd';
import type { SwitchListResponse } from '@pisonow/domain';
import { api } from '../api.ts';
import { when } from '../format.ts';

type Row = SwitchListResponse['switches'][number];

const LABEL: Record<Row['key'], { name: string; effect: string }> = {
  bankChangeMaintenance: {
    name: 'Bank-change maintenance',
    effect: 'Borrowers cannot change their payout account (“under maintenance for bank change”).',
  },
  pauseNewApplications: {
    name: 'Pause new applications',
    effect: 'Borrowers cannot submit an application; they are told to try again later.',
  },
};

/** Operational switches (issue 11, RO-02), admin only; each change needs a reason and is audited. */
export function Switches() {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [pending, setPending] = useState<{ key: Row['key']; on: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const q = useQuery({
    queryKey: ['switches'],
    queryFn: () => api<SwitchListResponse>('GET', '/api/console/switches'),
  });
  const set = useMutation({
    mutationFn: (v: { key: Row['key']; on: boolean; reason: string }) =>
      api('POST', `/api/console/switches/${v.key}`, { on: v.on, reason: v.reason }),
    onSuccess: () => {
      void message.success('Switch saved');
      setPending(null);
      setReason('');
      void client.invalidateQueries({ queryKey: ['switches'] });
    },
    onError: (e) => void message.error(e.message),
  });
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Switches
      </Typography.Title>
      {q.error && <Alert type="error" title={q.error.message} />}
      <Table<Row>
        data-testid="switches"
        loading={q.isFetching}
        rowKey="key"
        dataSource={q.data?.switches ?? []}
        pagination={false}
        columns={[
          {
            title: 'Switch',
            dataIndex: 'key',
            render: (key: Row['key']) => (
              <>
                <Typography.Text strong>{LABEL[key].name}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{LABEL[key].effect}</Typography.Text>
              </>
            ),
          },
          {
            title: 'On',
            dataIndex: 'on',
            render: (on: boolean, row) => (
              <Switch
                checked={on}
                aria-label={`${LABEL[row.key].name}: ${on ? 'on' : 'off'}`}
                data-testid={`switch-${row.key}`}
                onChange={(next) => setPending({ key: row.key, on: next })}
              />
            ),
          },
          {
            title: 'Set by',
            dataIndex: 'source',
            render: (source: Row['source'], row) =>
              source === 'default' ? (
                <Tag>default ({row.defaultOn ? 'on' : 'off'})</Tag>
              ) : (
                `${row.updatedBy ?? '—'}, ${when(row.updatedAt)}`
              ),
          },
          { title: 'Reason', dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
        ]}
      />
      <Modal
        open={pending !== null}
        title={pending ? `Turn “${LABEL[pending.key].name}” ${pending.on ? 'on' : 'off'}` : ''}
        okText="Save"
        okButtonProps={{ disabled: reason.trim().length < 3, loading: set.isPending }}
        onOk={() => pending && set.mutate({ ...pending, reason: reason.trim() })}
        onCancel={() => setPending(null)}
      >
        <label htmlFor="switch-reason">Reason (kept in the audit trail)</label>
        <Input.TextArea
          id="switch-reason"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="switch-reason"
        />
      </Modal>
    </>
  );
}
