import { useState } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Collapse from 'antd-mobile/es/components/collapse';
import { type IdType } from '@pisonow/domain';
import { useLocale } from '../../../lib/i18n/index.ts';
import type { ApplicationView } from '../api/get-application.ts';
import { ChipField, SheetField, TextField } from '../components/fields.tsx';
import { PhotoCapture } from '../components/photo-capture/photo-capture.tsx';
import { FieldGroup, StepForm, StepGate } from '../components/step-page.tsx';
import { useEnumOptions } from '../components/use-options.ts';
import { useStepForm } from '../components/use-step-form.ts';
import { fieldErrorText } from '../model/form-errors.ts';
import type { FormValuesByStep } from '../model/form-values.ts';
import './steps.css';
import './identity-info.css';

type IdentityValues = FormValuesByStep['identityInfo'];

/** `YYYY-MM-DD` shifted by whole years (birth-date bounds from the server's "today"). */
function yearsBefore(today: string, years: number): string {
  const [y = '2000', rest = '01-01'] = [today.slice(0, 4), today.slice(5)];
  return `${String(Number(y) - years).padStart(4, '0')}-${rest === '02-29' ? '02-28' : rest}`;
}

function PhotoField({
  control,
  name,
  kind,
  label,
}: {
  control: Control<IdentityValues>;
  name: 'idPhotoId' | 'selfiePhotoId';
  kind: 'idCard' | 'selfie';
  label: string;
}) {
  const locale = useLocale();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div
          className={`af-field ai-photo${fieldState.error ? ' af-field--error' : ''}`}
          data-testid={`field-${name}`}
        >
          <span className="af-field__label">{label}</span>
          <PhotoCapture
            kind={kind}
            value={field.value || undefined}
            onChange={(id) => field.onChange(id ?? '')}
          />
          {fieldState.error && (
            <p className="af-field__error" role="alert" data-testid={`error-${name}`}>
              {fieldErrorText(fieldState.error.message, locale)}
            </p>
          )}
        </div>
      )}
    />
  );
}

function IdentityForm({ view }: { view: ApplicationView }) {
  const { t } = useTranslation();
  const saved = view.steps.identityInfo.data;
  const masked = typeof saved?.idNumberMasked === 'string' ? saved.idNumberMasked : '';
  const { form, onSubmit, pending } = useStepForm('identityInfo', view);
  const { control, setValue, setFocus } = form;
  const [changingId, setChangingId] = useState(!masked);
  const idType = useWatch({ control, name: 'idType' }) as IdType | '';
  const idTypes = useEnumOptions('idType');
  const genders = useEnumOptions('gender');
  const { today, minAge, maxAge } = view.rules;

  return (
    <StepForm step="identityInfo" onSubmit={onSubmit} pending={pending}>
      <FieldGroup title={t('application:identity.idTitle')}>
        <SheetField
          control={control}
          name="idType"
          label={t('application:identity.idType')}
          options={idTypes}
          searchable={false}
        />
        {changingId ? (
          <TextField
            control={control}
            name="idNumber"
            autoCapitalize="characters"
            label={t('application:identity.idNumber')}
            placeholder={
              idType ? t(`application:idFormat.${idType}`) : t('application:identity.idNumberPlaceholder')
            }
            hint={idType ? t(`application:idFormat.${idType}`) : undefined}
            maxLength={30}
          />
        ) : (
          <div className="af-field">
            <span className="af-field__label">{t('application:identity.idNumber')}</span>
            <div className="as-masked" data-testid="id-number-masked">
              <span>{masked}</span>
              <button
                type="button"
                className="as-link"
                data-testid="id-number-change"
                onClick={() => {
                  setValue('idNumber', '', { shouldDirty: true });
                  setChangingId(true);
                  setTimeout(() => setFocus('idNumber'), 0);
                }}
              >
                {t('application:change')}
              </button>
            </div>
          </div>
        )}
        <PhotoField
          control={control}
          name="idPhotoId"
          kind="idCard"
          label={t('application:identity.idPhoto')}
        />
        <PhotoField
          control={control}
          name="selfiePhotoId"
          kind="selfie"
          label={t('application:identity.selfie')}
        />
      </FieldGroup>
      <FieldGroup title={t('application:identity.nameTitle')}>
        <p className="as-field-note">{t('application:identity.nameHint')}</p>
        <TextField
          control={control}
          name="firstName"
          autoComplete="given-name"
          label={t('application:identity.firstName')}
          maxLength={50}
        />
        <TextField
          control={control}
          name="middleName"
          autoComplete="additional-name"
          optional
          label={t('application:identity.middleName')}
          maxLength={50}
        />
        <TextField
          control={control}
          name="lastName"
          autoComplete="family-name"
          label={t('application:identity.lastName')}
          maxLength={50}
        />
        <TextField
          control={control}
          name="birthDate"
          type="date"
          autoComplete="bday"
          label={t('application:identity.birthDate')}
          min={yearsBefore(today, maxAge + 1)}
          max={yearsBefore(today, minAge)}
          hint={t('application:identity.ageHint', { min: minAge, max: maxAge })}
        />
        <ChipField
          control={control}
          name="gender"
          label={t('application:identity.gender')}
          options={genders}
        />
      </FieldGroup>
      <Collapse className="ai-more">
        <Collapse.Panel key="more" title={t('application:identity.otherIds')}>
          <div className="as-fields">
            <TextField
              control={control}
              name="aadhaar"
              optional
              inputMode="numeric"
              label={t('application:identity.aadhaar')}
              maxLength={12}
              sanitize={(raw) => raw.replace(/\D/g, '').slice(0, 12)}
            />
            <TextField
              control={control}
              name="pan"
              optional
              autoCapitalize="characters"
              label={t('application:identity.pan')}
              maxLength={10}
              sanitize={(raw) =>
                raw
                  .replace(/[^A-Za-z0-9]/g, '')
                  .toUpperCase()
                  .slice(0, 10)
              }
            />
          </div>
        </Collapse.Panel>
      </Collapse>
      <FieldGroup title={t('application:identity.cicTitle')}>
        <p className="as-note" data-testid="cic-notice">
          {t('application:identity.cicText')}
        </p>
      </FieldGroup>
    </StepForm>
  );
}

/** `/identityInfo`: ID type and number, ID photo and selfie, name, birth date, gender (EN-01, EN-10, VAL-05, VAL-09, VAL-16). */
export default function IdentityInfoPage() {
  return <StepGate>{(view) => <IdentityForm view={view} />}</StepGate>;
}
