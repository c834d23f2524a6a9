import { useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  REPAYMENT_PARTNERS,
  errorMessage,
  isErrorCode,
  manilaDate,
  openDisputeRequest,
  parsePeso,
  type DisputeView,
  type OpenDisputeRequest,
} from '@pisonow/domain';
import { errorText, newIdempotencyKey } from '../../../lib/api/index.ts';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { formatDate } from '@pisonow/domain/date-format';
import { useLocale } from '../../../lib/i18n/index.ts';
import { preparePhoto } from '../../../lib/photos/prepare-photo.ts';
import { requestUploadGrant } from '../../../lib/photos/request-upload-grant.ts';
import { uploadPhoto } from '../../../lib/photos/upload-photo.ts';
import { Button } from '../../../lib/ui/button.tsx';
import { List, ListRow } from '../../../lib/ui/list-row.tsx';
import { Notice } from '../../../lib/ui/notice.tsx';
import { Card, Page } from '../../../lib/ui/page.tsx';
import { useDisputes } from '../api/get-disputes.ts';
import { useOpenDispute } from '../api/open-dispute.ts';
import { peso } from '../model/servicing.ts';
import './payment-dispute.css';

interface DisputeFormValues {
  providerCode: string;
  reference: string;
  /** pesos as typed, "1,500.00" */
  amount: string;
  paidOn: string;
  receiptPhotoId: string;
}

/** The form's values as the request body; an amount that is not pesos stays as typed (the contract refuses it). */
function disputeBody(v: DisputeFormValues): Record<string, unknown> {
  let amount = v.amount;
  try {
    amount = parsePeso(v.amount).toString();
  } catch {
    // left as typed
  }
  return { ...v, amount };
}

function Field({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`dispute-field${error ? ' dispute-field--error' : ''}`}>
      <label className="dispute-field__label" htmlFor={`dispute-${name}`}>
        {label}
      </label>
      {children}
      {error && (
        <p
          className="dispute-field__error"
          role="alert"
          id={`dispute-${name}-error`}
          data-testid={`error-${name}`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** The receipt photo: chosen, made a JPEG of sensible size in the page, uploaded through a grant. */
function ReceiptInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ busy: boolean; failure: string | null }>({
    busy: false,
    failure: null,
  });
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setState({ busy: true, failure: null });
    try {
      const prepared = await preparePhoto(file);
      const grant = await requestUploadGrant({ kind: 'paymentReceipt', idempotencyKey: newIdempotencyKey() });
      const photo = await uploadPhoto({ uploadUrl: grant.uploadUrl, blob: prepared.blob });
      onChange(photo.photoId);
      setState({ busy: false, failure: null });
    } catch (e) {
      setState({ busy: false, failure: errorText(e, locale) });
    }
  };
  return (
    <Field name="receipt" label={t('servicing:dispute.receipt')} error={state.failure ?? error}>
      <input
        ref={input}
        id="dispute-receipt"
        className="dispute-input"
        type="file"
        accept="image/*"
        onChange={(e) => void onFile(e)}
        disabled={state.busy}
        data-testid="dispute-receipt"
      />
      <p className="dispute-receipt" aria-live="polite" data-testid="dispute-receipt-state">
        {state.busy
          ? t('servicing:dispute.uploading')
          : value
            ? t('servicing:dispute.receiptAdded')
            : t('servicing:dispute.receiptHint')}
      </p>
    </Field>
  );
}

function DisputeStatus({ dispute }: { dispute: DisputeView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const value =
    dispute.status === 'rejected' && dispute.rejectionReason
      ? t(`servicing:dispute.reason.${dispute.rejectionReason}`)
      : t(`servicing:dispute.status.${dispute.status}`);
  return (
    <ListRow
      testId={`dispute-${dispute.status}`}
      label={`${peso(dispute.amount)} · ${dispute.reference} · ${formatDate(dispute.paidOn, locale)}`}
      value={value}
    />
  );
}

/**
 * `/paymentDispute?orderId=…` (BE-10): "I paid but it is not showing". Where, when and how much the
 * borrower paid, the receipt's reference and a photo of it; late charges pause from the next day
 * while we check; the answer arrives in the message centre and here.
 */
export default function PaymentDisputePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const disputes = useDisputes(orderId || null);
  const open = useActionMutation(useOpenDispute(), (input) => JSON.stringify(input.body));
  const today = manilaDate(new Date());
  const resolver = useMemo(() => contractResolver<DisputeFormValues>(openDisputeRequest, disputeBody), []);
  const form = useForm<DisputeFormValues>({
    resolver,
    defaultValues: { providerCode: 'GCASH', reference: '', amount: '', paidOn: today, receiptPhotoId: '' },
    mode: 'onSubmit',
  });
  const errors = form.formState.errors;
  const errorOf = (code: string | undefined) =>
    code ? errorMessage(isErrorCode(code) ? code : 'VALIDATION_FAILED', locale) : undefined;
  const [failure, setFailure] = useState<unknown>(null);

  const list = disputes.data?.disputes ?? [];
  const pending = list.find((d) => d.status === 'open');
  const onValid = () => {
    setFailure(null);
    open.run(
      { orderId, body: disputeBody(form.getValues()) as OpenDisputeRequest },
      { onSuccess: () => form.reset(), onError: (e) => setFailure(e) },
    );
  };
  const receiptPhotoId = useWatch({ control: form.control, name: 'receiptPhotoId' });

  return (
    <Page className="dispute">
      {pending ? (
        <Notice tone="info" title={t('servicing:dispute.pendingTitle')} testId="dispute-pending">
          {t('servicing:dispute.pendingBody', { date: formatDate(pending.chargesPausedFrom, locale) })}
        </Notice>
      ) : (
        <Card>
          <h2 className="dispute-title">{t('servicing:dispute.title')}</h2>
          <p className="dispute-text">{t('servicing:dispute.intro')}</p>
          <form className="dispute-form" noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
            <Field
              name="providerCode"
              label={t('servicing:dispute.where')}
              error={errorOf(errors.providerCode?.message)}
            >
              <select
                id="dispute-providerCode"
                className="dispute-input"
                data-testid="dispute-provider"
                {...form.register('providerCode')}
              >
                {REPAYMENT_PARTNERS.map((p) => (
                  <option key={p.providerCode} value={p.providerCode}>
                    {p.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              name="reference"
              label={t('servicing:dispute.reference')}
              error={errorOf(errors.reference?.message)}
            >
              <input
                id="dispute-reference"
                className="dispute-input"
                autoComplete="off"
                data-testid="dispute-reference"
                {...form.register('reference')}
              />
            </Field>
            <Field
              name="amount"
              label={t('servicing:dispute.amount')}
              error={errorOf(errors.amount?.message)}
            >
              <input
                id="dispute-amount"
                className="dispute-input"
                inputMode="decimal"
                placeholder="1,500.00"
                data-testid="dispute-amount"
                {...form.register('amount')}
              />
            </Field>
            <Field
              name="paidOn"
              label={t('servicing:dispute.paidOn')}
              error={errorOf(errors.paidOn?.message)}
            >
              <input
                id="dispute-paidOn"
                className="dispute-input"
                type="date"
                max={today}
                data-testid="dispute-paid-on"
                {...form.register('paidOn')}
              />
            </Field>
            <ReceiptInput
              value={receiptPhotoId}
              onChange={(id) =>
                form.setValue('receiptPhotoId', id, { shouldValidate: form.formState.isSubmitted })
              }
              error={errorOf(errors.receiptPhotoId?.message)}
            />
            {failure != null && (
              <p className="dispute-field__error" role="alert" data-testid="dispute-error">
                {errorText(failure, locale)}
              </p>
            )}
            <Button block type="submit" loading={open.isPending} data-testid="dispute-submit">
              {t('servicing:dispute.submit')}
            </Button>
          </form>
        </Card>
      )}
      {list.length > 0 && (
        <List title={t('servicing:dispute.history')}>
          {list.map((d) => (
            <DisputeStatus key={d.id} dispute={d} />
          ))}
        </List>
      )}
    </Page>
  );
}
