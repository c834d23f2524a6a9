import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import {
  CONSOLE_SEGMENTS,
  COUPON_TYPES,
  OPERATOR_COUPON_MAX,
  OPERATOR_COUPON_MAX_VALID_DAYS,
  formatPeso,
  parsePeso,
  type ConsoleAudience,
  type ConsoleBulkResult,
  type ConsoleSegment,
} from '@pisonow/domain';
import type { ApiError } from '../api.ts';
import { api } from '../api.ts';

const SEGMENT_LABELS: Record<ConsoleSegment, string> = {
  all_borrowers: 'Every registered borrower',
  approved: 'Approved applicants',
  active_loan: 'Borrowers with a loan outstanding',
  overdue: 'Borrowers with an overdue loan',
  repaid: 'Repaid, nothing outstanding',
};
const LANGUAGES = [
  { code: 'en-US', label: 'English' },
  { code: 'fil', label: 'Filipino' },
  { code: 'zh-CN', label: 'Chinese (Simplified)' },
] as const;

interface AudienceFields {
  audienceKind: 'borrower' | 'segment';
  customerId?: string;
  segment?: ConsoleSegment;
}
const audienceOf = (v: AudienceFields): ConsoleAudience =>
  v.audienceKind === 'borrower'
    ? { kind: 'borrower', customerId: (v.customerId ?? '').trim() }
    : { kind: 'segment', segment: v.segment ?? 'all_borrowers' };

/** Who it goes to: one borrower (by id, from the borrower page) or a segment evaluated on submit. */
function AudienceInputs({ prefix }: { prefix: string }) {
  return (
    <>
      <Form.Item label="Send to" name="audienceKind" initialValue="borrower">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'borrower', label: 'One borrower' },
            { value: 'segment', label: 'A segment' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['audienceKind']}>
        {({ getFieldValue }) =>
          getFieldValue('audienceKind') === 'borrower' ? (
            <Form.Item
              label="Borrower id"
              name="customerId"
              htmlFor={`${prefix}-customer`}
              initialValue={new URLSearchParams(window.location.search).get('customerId') ?? ''}
              rules={[
                { required: true, pattern: /^[0-9a-f-]{36}$/i, message: 'The id on the borrower page' },
              ]}
            >
              <Input id={`${prefix}-customer`} placeholder="00000000-0000-0000-0000-000000000000" />
            </Form.Item>
          ) : (
            <Form.Item
              label="Segment"
              name="segment"
              initialValue="all_borrowers"
              htmlFor={`${prefix}-segment`}
            >
              <Select
                id={`${prefix}-segment`}
                options={CONSOLE_SEGMENTS.map((s) => ({ value: s, label: SEGMENT_LABELS[s] }))}
              />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
}

const resultText = (r: ConsoleBulkResult, what: string) =>
  r.created === 0 && r.alreadyDone === 0
    ? `Nobody is in that segment now: no ${what} sent.`
    : `${r.created} new ${what}${r.created === 1 ? '' : 's'}` +
      (r.alreadyDone ? `; ${r.alreadyDone} already had this one (the same submission).` : '.');

function CouponForm() {
  const [form] = Form.useForm();
  // one key per filled-in form: a double click or a retry grants once (the server dedupes by it)
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const grant = useMutation({
    mutationFn: (body: unknown) => api<ConsoleBulkResult>('POST', '/api/console/coupons', body),
    onSuccess: () => setRequestKey(crypto.randomUUID()),
  });
  const submit = (v: AudienceFields & { type: string; amount: string; validDays: number; reason: string }) =>
    grant.mutate({
      requestKey,
      audience: audienceOf(v),
      type: v.type,
      amount: parsePeso(v.amount).toString(),
      validDays: v.validDays,
      reason: v.reason,
    });
  return (
    <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>Give a coupon</h2>}>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="coupon-form" requiredMark={false}>
        <AudienceInputs prefix="coupon" />
        <Form.Item label="Type" name="type" initialValue="repayment" htmlFor="coupon-type">
          <Select
            id="coupon-type"
            options={COUPON_TYPES.map((t) => ({
              value: t,
              label: {
                platform: 'Any (platform)',
                withdrawal: 'Withdrawal (service fee)',
                repayment: 'Repayment',
              }[t],
            }))}
          />
        </Form.Item>
        <Form.Item
          label={`Amount (at most ${formatPeso(OPERATOR_COUPON_MAX)})`}
          name="amount"
          htmlFor="coupon-amount"
          rules={[
            {
              validator: async (_, value: string) => {
                let c: bigint;
                try {
                  c = parsePeso(value ?? '');
                } catch {
                  throw new Error('An amount in pesos, e.g. 100 or 99.50');
                }
                if (c <= 0n || c > OPERATOR_COUPON_MAX)
                  throw new Error(`From ₱0.01 to ${formatPeso(OPERATOR_COUPON_MAX)}`);
              },
            },
          ]}
        >
          <Input id="coupon-amount" prefix="₱" inputMode="decimal" />
        </Form.Item>
        <Form.Item label="Valid for (days)" name="validDays" initialValue={14} htmlFor="coupon-days">
          <InputNumber id="coupon-days" min={1} max={OPERATOR_COUPON_MAX_VALID_DAYS} precision={0} />
        </Form.Item>
        <Form.Item
          label="Reason (kept in the audit trail)"
          name="reason"
          htmlFor="coupon-reason"
          rules={[{ required: true, min: 5, message: 'Say why, in a few words' }]}
        >
          <Input.TextArea id="coupon-reason" rows={2} maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={grant.isPending} data-testid="coupon-submit">
          Give coupon
        </Button>
      </Form>
      <div aria-live="polite" style={{ marginTop: 16 }}>
        {grant.data && (
          <Alert type="success" title={resultText(grant.data, 'coupon')} data-testid="coupon-result" />
        )}
        {grant.error && (
          <Alert type="error" title={(grant.error as ApiError).message} data-testid="coupon-error" />
        )}
      </div>
    </Card>
  );
}

function NoticeForm() {
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const send = useMutation({
    mutationFn: (body: unknown) => api<ConsoleBulkResult>('POST', '/api/console/notices', body),
    onSuccess: () => setRequestKey(crypto.randomUUID()),
  });
  const submit = (v: AudienceFields & { kind: string } & Record<string, string>) =>
    send.mutate({
      requestKey,
      audience: audienceOf(v),
      kind: v.kind,
      text: Object.fromEntries(
        LANGUAGES.map(({ code }) => [code, { title: v[`title-${code}`], body: v[`body-${code}`] }]),
      ),
    });
  return (
    <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>Send a message</h2>}>
      <Form layout="vertical" onFinish={submit} data-testid="notice-form" requiredMark={false}>
        <AudienceInputs prefix="notice" />
        <Form.Item label="Tab in the message centre" name="kind" initialValue="notify">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'notify', label: 'Notices' },
              { value: 'activity', label: 'Activities' },
            ]}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          Every borrower reads it in the language of their app: write all three.
        </Typography.Paragraph>
        {LANGUAGES.map(({ code, label }) => (
          <fieldset key={code} style={{ border: 'none', padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600, fontSize: 14 }}>{label}</legend>
            <Form.Item
              label="Title"
              name={`title-${code}`}
              htmlFor={`notice-title-${code}`}
              rules={[{ required: true, whitespace: true, message: `A title in ${label}` }]}
            >
              <Input id={`notice-title-${code}`} maxLength={80} />
            </Form.Item>
            <Form.Item
              label="Text"
              name={`body-${code}`}
              htmlFor={`notice-body-${code}`}
              rules={[{ required: true, whitespace: true, message: `The text in ${label}` }]}
            >
              <Input.TextArea id={`notice-body-${code}`} rows={2} maxLength={1000} />
            </Form.Item>
          </fieldset>
        ))}
        <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="notice-submit">
          Send message
        </Button>
      </Form>
      <div aria-live="polite" style={{ marginTop: 16 }}>
        {send.data && (
          <Alert type="success" title={resultText(send.data, 'message')} data-testid="notice-result" />
        )}
        {send.error && (
          <Alert type="error" title={(send.error as ApiError).message} data-testid="notice-error" />
        )}
      </div>
    </Card>
  );
}

/** Coupons and messages to a borrower or a segment (issue 11, BE-08); each form shows what the role may do. */
export function Engagement({ canGrant, canSend }: { canGrant: boolean; canSend: boolean }) {
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Coupons and messages
      </Typography.Title>
      <Row gutter={[24, 24]}>
        {canGrant && (
          <Col xs={24} lg={12}>
            <CouponForm />
          </Col>
        )}
        {canSend && (
          <Col xs={24} lg={12}>
            <NoticeForm />
          </Col>
        )}
      </Row>
    </>
  );
}
