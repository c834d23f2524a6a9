import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Select, Table, Typography } from 'antd';
import {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  type CollectionContactRequest,
  type CollectionLogResponse,
} from '@pisonow/domain';
import { api } from '../api.ts';
import { when } from '../format.ts';

type Contact = CollectionLogResponse['contacts'][number];

/**
 * The collections log on the borrower page (SEC MC 18 s.2019): each contact with the borrower. The
 * only contact points offered are the borrower's own phone and e-mail; references and emergency
 * contacts are never shown here. The server refuses a contact outside 06:00–22:00 Manila.
 */
export function CollectionsLog({ customerId }: { customerId: string }) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<CollectionContactRequest>();
  const q = useQuery({
    queryKey: ['collection-contacts', customerId],
    queryFn: () =>
      api<CollectionLogResponse>('GET', `/api/console/borrowers/${customerId}/collection-contacts`),
  });
  const record = useMutation({
    mutationFn: (body: CollectionContactRequest) =>
      api<Contact>('POST', `/api/console/borrowers/${customerId}/collection-contacts`, body),
    onSuccess: () => {
      void message.success('Contact recorded');
      form.resetFields();
      void client.invalidateQueries({ queryKey: ['collection-contacts', customerId] });
    },
    onError: (e) => void message.error(e.message),
  });
  if (q.error) return <Alert type="error" title={q.error.message} />;
  const points = q.data?.contactPoints;
  return (
    <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>Collections log</h2>} style={{ marginTop: 24 }}>
      <Typography.Paragraph data-testid="contact-points">
        Contact only the borrower: phone 0{points?.phone ?? '…'}
        {points?.email ? `, e-mail ${points.email}` : ''}. Between 6:00 AM and 10:00 PM Manila time (SEC MC 18
        s.2019).
      </Typography.Paragraph>
      <Form<CollectionContactRequest>
        form={form}
        layout="inline"
        initialValues={{ channel: 'call', outcome: 'no_answer' }}
        onFinish={(v) => record.mutate(v)}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="channel" label="Channel">
          <Select
            style={{ width: 120 }}
            options={CONTACT_CHANNELS.map((c) => ({ value: c, label: c }))}
            data-testid="contact-channel"
          />
        </Form.Item>
        <Form.Item name="outcome" label="Outcome">
          <Select
            style={{ width: 170 }}
            options={CONTACT_OUTCOMES.map((o) => ({ value: o, label: o.replace(/_/g, ' ') }))}
            data-testid="contact-outcome"
          />
        </Form.Item>
        <Form.Item name="note" label="Note" rules={[{ required: true, min: 3, message: 'Add a note' }]}>
          <Input style={{ width: 320 }} maxLength={1000} data-testid="contact-note" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={record.isPending} data-testid="contact-submit">
          Record contact
        </Button>
      </Form>
      <Table<Contact>
        data-testid="collection-contacts"
        rowKey="id"
        size="small"
        loading={q.isFetching}
        pagination={false}
        dataSource={q.data?.contacts ?? []}
        locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.75)' }}>No contact recorded.</span> }}
        columns={[
          { title: 'When', dataIndex: 'contactedAt', render: when },
          { title: 'Channel', dataIndex: 'channel' },
          { title: 'To', dataIndex: 'contactPoint', render: (p: string | null) => p ?? 'in person' },
          { title: 'Outcome', dataIndex: 'outcome', render: (o: string) => o.replace(/_/g, ' ') },
          { title: 'Note', dataIndex: 'note' },
          { title: 'By', dataIndex: 'recordedBy' },
        ]}
      />
    </Card>
  );
}
