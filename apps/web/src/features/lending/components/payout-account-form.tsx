import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  PAYOUT_CHANNELS,
  PAYOUT_PROVIDERS,
  applicationContracts,
  errorMessage,
  isErrorCode,
  stripChinese,
} from '@pisonow/domain';
import { ApiError, createActionKey } from '../../../lib/api/index.ts';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import {
  PAYOUT_FIELDS,
  accountMax,
  digitsInput,
  mobileDigits,
  payoutBody,
  type PayoutFormValues,
} from '../model/payout-form.ts';
import './payout-account-form.css';

function Field({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`ln-field${error ? ' ln-field--error' : ''}`}>
      <label className="ln-field__label" htmlFor={`ln-${name}`}>
        {label}
      </label>
      {children}
      {error && (
        <p className="ln-field__error" role="alert" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

function firstCode(errors: FieldErrors): string | undefined {
  for (const value of Object.values(errors))
    if (value && typeof value.message === 'string' && value.message) return value.message;
  return undefined;
}

/** How the form saves: a mutation's `mutate` with the answer's callbacks. */
export type SavePayout = (
  body: Record<string, string>,
  idempotencyKey: string,
  callbacks: { onSuccess: () => void; onError: (error: Error) => void },
) => void;

/**
 * A payout account checked by the application's bankInfo contract here and on the server (VAL-06,
 * VAL-07, VAL-14). Used after a failed payout (ST-04: a save sends the order back to `disbursing`)
 * and on `/changeBank` (RO-02: a re-loan borrower's new account).
 */
export function PayoutAccountForm({
  initial,
  today,
  postalCodeLength,
  save,
  pending,
  submitLabel,
  submitTestId,
}: {
  initial: PayoutFormValues;
  today: string;
  postalCodeLength: number;
  save: SavePayout;
  pending: boolean;
  submitLabel: string;
  submitTestId: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const key = useMemo(() => createActionKey(), []);
  const contract = useMemo(
    () => applicationContracts({ today, postalCodeLength: postalCodeLength === 6 ? 6 : 4 }).bankInfo,
    [today, postalCodeLength],
  );
  const resolver = useMemo(() => contractResolver<PayoutFormValues>(contract, payoutBody), [contract]);
  const [defaults] = useState(initial);
  const form = useForm<PayoutFormValues>({
    resolver,
    defaultValues: defaults,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, setValue, clearErrors } = form;
  const channel = useWatch({ control, name: 'channel' });
  const providers = useMemo(() => PAYOUT_PROVIDERS.filter((p) => p.channel === channel), [channel]);
  const errorOf = (code: string | undefined) =>
    code ? errorMessage(isErrorCode(code) ? code : 'VALIDATION_FAILED', locale) : undefined;
  const max = accountMax(channel);

  // the resolver already checked the contract; what is sent is built from the form's own values
  const onValid = () => {
    const body = payoutBody(form.getValues());
    save(body, key.keyFor(JSON.stringify(body)), {
      onSuccess: () => key.done(),
      onError: (error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) key.done();
        const details = error instanceof ApiError ? (error.details ?? []) : [];
        for (const detail of details) {
          if ((PAYOUT_FIELDS as readonly string[]).includes(detail.field))
            form.setError(
              detail.field as Path<PayoutFormValues>,
              { type: 'server', message: detail.code },
              { shouldFocus: false },
            );
        }
        showError(error);
      },
    });
  };
  const onInvalid = (errors: FieldErrors<PayoutFormValues>) => {
    const code = firstCode(errors as FieldErrors);
    if (code) showToast(errorMessage(isErrorCode(code) ? code : 'VALIDATION_FAILED', locale));
  };

  const text = (
    name: keyof PayoutFormValues,
    label: string,
    opts: {
      inputMode?: 'numeric' | 'text' | 'tel';
      placeholder?: string;
      maxLength?: number;
      prefix?: string;
      clean?: (raw: string) => string;
    } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field name={name} label={label} error={errorOf(fieldState.error?.message)}>
          <div className="ln-input">
            {opts.prefix && <span className="ln-input__prefix">{opts.prefix}</span>}
            <input
              id={`ln-${name}`}
              data-testid={`field-${name}`}
              className="ln-input__control"
              inputMode={opts.inputMode}
              autoComplete="off"
              placeholder={opts.placeholder}
              maxLength={opts.maxLength}
              name={field.name}
              ref={field.ref}
              value={field.value}
              aria-invalid={Boolean(fieldState.error)}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange((opts.clean ?? stripChinese)(e.target.value))}
            />
          </div>
        </Field>
      )}
    />
  );

  return (
    <form className="ln-payout" noValidate onSubmit={(e) => void form.handleSubmit(onValid, onInvalid)(e)}>
      <Controller
        control={control}
        name="channel"
        render={({ field }) => (
          <Field name="channel" label={t('lending:payout.channel')} error={undefined}>
            <div
              className="ln-chips"
              role="radiogroup"
              aria-label={t('lending:payout.channel')}
              data-testid="picker-channel"
            >
              {PAYOUT_CHANNELS.map((c) => (
                <button
                  key={c}
                  type="button"
                  role="radio"
                  aria-checked={field.value === c}
                  data-testid={`option-${c}`}
                  className={`ln-chip${field.value === c ? ' ln-chip--on' : ''}`}
                  onClick={() => {
                    if (field.value === c) return;
                    field.onChange(c);
                    setValue('providerCode', '');
                    clearErrors();
                  }}
                >
                  {t(`lending:payout.channelOption.${c}`)}
                </button>
              ))}
            </div>
          </Field>
        )}
      />
      <Controller
        control={control}
        name="providerCode"
        render={({ field, fieldState }) => (
          <Field
            name="providerCode"
            label={t('lending:payout.provider')}
            error={errorOf(fieldState.error?.message)}
          >
            <select
              id="ln-providerCode"
              className="ln-select"
              data-testid="field-providerCode"
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(e.target.value)}
            >
              <option value="">{t('lending:payout.choose')}</option>
              {providers.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.name}
                </option>
              ))}
            </select>
          </Field>
        )}
      />
      {channel === 'remittance' ? (
        <p className="ln-note">{t('lending:payout.remittanceHint')}</p>
      ) : (
        <>
          {text(
            'account',
            t(channel === 'ewallet' ? 'lending:payout.ewalletAccount' : 'lending:payout.account'),
            {
              inputMode: 'numeric',
              placeholder: channel === 'ewallet' ? '09XXXXXXXXX' : undefined,
              maxLength: max,
              clean: (raw) => digitsInput(raw, max),
            },
          )}
          {text('confirmAccount', t('lending:payout.confirmAccount'), {
            inputMode: 'numeric',
            maxLength: max,
            clean: (raw) => digitsInput(raw, max),
          })}
          {channel === 'bank' && text('branchCode', t('lending:payout.branchCode'), { maxLength: 20 })}
        </>
      )}
      <p className="ln-note">{t('lending:payout.payeeHint')}</p>
      {text('payeeFirstName', t('lending:payout.payeeFirstName'), { maxLength: 50 })}
      {text('payeeMiddleName', t('lending:payout.payeeMiddleName'), { maxLength: 50 })}
      {text('payeeLastName', t('lending:payout.payeeLastName'), { maxLength: 50 })}
      {text('withdrawalPhone', t('lending:payout.withdrawalPhone'), {
        inputMode: 'tel',
        prefix: '+63',
        placeholder: '9XXXXXXXXX',
        maxLength: 10,
        clean: mobileDigits,
      })}
      <GuardedButton
        block
        color="primary"
        size="large"
        type="submit"
        loading={pending}
        disabled={pending}
        data-testid={submitTestId}
      >
        {submitLabel}
      </GuardedButton>
    </form>
  );
}
