import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { payoutProvider, type PayoutChannel } from '@pisonow/domain';
import { useCoCore } from '../../../lib/store/index.ts';
import type { ApplicationView } from '../api/get-application.ts';
import { ChipField, SheetField, TextField } from '../components/fields.tsx';
import { providerOptions } from '../components/provider-options.ts';
import { ReviewPanel } from '../components/review-panel.tsx';
import { FieldGroup, StepForm, StepGate } from '../components/step-page.tsx';
import { useEnumOptions } from '../components/use-options.ts';
import { useStepForm } from '../components/use-step-form.ts';
import { digits, mobileInput } from '../model/form-values.ts';
import './steps.css';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function BankForm({ view }: { view: ApplicationView }) {
  const { t } = useTranslation();
  const phone = useCoCore((s) => s.publicData.phone_number);
  const identity = view.steps.identityInfo.data;
  // defaults: most borrowers receive in their e-wallet under their own number and name
  const { form, onSubmit, pending } = useStepForm('bankInfo', view, {
    channel: 'ewallet',
    account: phone ? `0${phone}` : '',
    payeeFirstName: text(identity?.firstName),
    payeeMiddleName: text(identity?.middleName),
    payeeLastName: text(identity?.lastName),
    withdrawalPhone: phone,
  });
  const { control, setValue, clearErrors } = form;
  const channel = useWatch({ control, name: 'channel' }) as PayoutChannel | '';
  const channels = useEnumOptions('channel');
  const providers = useMemo(() => providerOptions(channel), [channel]);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();

  // `/bankName` hands its choice back as ?provider=CODE
  const handed = params.get('provider');
  useEffect(() => {
    if (!handed) return;
    const provider = payoutProvider(handed);
    if (provider) {
      setValue('channel', provider.channel, { shouldDirty: true });
      setValue('providerCode', provider.code, { shouldDirty: true, shouldValidate: true });
    }
    setParams({}, { replace: true });
  }, [handed, setValue, setParams]);

  const accountLabel =
    channel === 'ewallet' ? 'application:bank.ewalletAccount' : 'application:bank.bankAccount';
  const accountMax = channel === 'ewallet' ? 11 : 16;
  const onChannel = (next: string) => {
    const current = payoutProvider(form.getValues('providerCode'));
    if (current && current.channel !== next) setValue('providerCode', '', { shouldDirty: true });
    if (next === 'bank' && form.getValues('account') === `0${phone}`)
      setValue('account', '', { shouldDirty: true });
    if (next === 'ewallet' && !form.getValues('account') && phone)
      setValue('account', `0${phone}`, { shouldDirty: true });
    clearErrors();
  };

  return (
    <StepForm step="bankInfo" onSubmit={onSubmit} pending={pending} intro={t('application:bank.intro')}>
      <FieldGroup>
        <ChipField
          control={control}
          name="channel"
          label={t('application:bank.channel')}
          options={channels}
          onPicked={onChannel}
        />
        <SheetField
          control={control}
          name="providerCode"
          label={t(`application:bank.provider.${channel || 'bank'}`)}
          options={providers}
          searchable
          disabled={!channel}
          hint={
            <button
              type="button"
              className="as-link"
              data-testid="browse-providers"
              onClick={() => void navigate('/bankName')}
            >
              {t('application:bank.browseAll')}
            </button>
          }
        />
        {channel && channel !== 'remittance' && (
          <>
            <TextField
              control={control}
              name="account"
              type="text"
              inputMode="numeric"
              label={t(accountLabel)}
              placeholder={
                channel === 'ewallet' ? '09XXXXXXXXX' : t('application:bank.bankAccountPlaceholder')
              }
              maxLength={accountMax}
              sanitize={(raw) => digits(raw, accountMax)}
            />
            <TextField
              control={control}
              name="confirmAccount"
              type="text"
              inputMode="numeric"
              label={t('application:bank.confirmAccount')}
              placeholder={t('application:bank.confirmPlaceholder')}
              maxLength={accountMax}
              sanitize={(raw) => digits(raw, accountMax)}
            />
          </>
        )}
        {channel === 'bank' && (
          <TextField
            control={control}
            name="branchCode"
            optional
            label={t('application:bank.branchCode')}
            maxLength={20}
            autoCapitalize="characters"
          />
        )}
        {channel === 'remittance' && <p className="as-note">{t('application:bank.remittanceHint')}</p>}
      </FieldGroup>
      <FieldGroup title={t('application:bank.payeeTitle')}>
        <p className="as-field-note">{t('application:bank.payeeHint')}</p>
        <TextField
          control={control}
          name="payeeFirstName"
          label={t('application:identity.firstName')}
          maxLength={50}
        />
        <TextField
          control={control}
          name="payeeMiddleName"
          optional
          label={t('application:identity.middleName')}
          maxLength={50}
        />
        <TextField
          control={control}
          name="payeeLastName"
          label={t('application:identity.lastName')}
          maxLength={50}
        />
        <TextField
          control={control}
          name="withdrawalPhone"
          type="tel"
          inputMode="numeric"
          prefix="+63"
          label={t('application:bank.withdrawalPhone')}
          placeholder="9XXXXXXXXX"
          sanitize={mobileInput}
        />
      </FieldGroup>
    </StepForm>
  );
}

/** `/bankInfo`: where the money goes (EN-05, VAL-03, VAL-06); with `?review=1` the review + Submit. */
export default function BankInfoPage() {
  const [params] = useSearchParams();
  const reviewing = params.get('review') === '1';
  return (
    <StepGate>{(view) => (reviewing ? <ReviewPanel view={view} /> : <BankForm view={view} />)}</StepGate>
  );
}
