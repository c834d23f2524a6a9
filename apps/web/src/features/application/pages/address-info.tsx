import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApplicationView } from '../api/get-application.ts';
import { useBarangays, useCities, useProvinces } from '../api/get-addresses.ts';
import { SheetField, TextField } from '../components/fields.tsx';
import { FieldGroup, StepForm, StepGate } from '../components/step-page.tsx';
import { useStepForm } from '../components/use-step-form.ts';
import { digits } from '../model/form-values.ts';
import './steps.css';

function AddressForm({ view }: { view: ApplicationView }) {
  const { t } = useTranslation();
  const { form, onSubmit, pending } = useStepForm('addressInfo', view);
  const { control, setValue } = form;
  const [provinceCode, cityCode] = useWatch({ control, name: ['provinceCode', 'cityCode'] });
  const provinces = useProvinces();
  const cities = useCities(provinceCode);
  const barangays = useBarangays(cityCode);
  const postalLength = view.rules.postalCodeLength;

  const provinceOptions = useMemo(
    () => (provinces.data?.provinces ?? []).map((p) => ({ value: p.code, label: p.name, note: p.region })),
    [provinces.data],
  );
  const cityOptions = useMemo(
    () => (cities.data?.cities ?? []).map((c) => ({ value: c.code, label: c.name })),
    [cities.data],
  );
  const barangayOptions = useMemo(
    () => (barangays.data?.barangays ?? []).map((b) => ({ value: b.code, label: b.name })),
    [barangays.data],
  );
  const clear = { shouldDirty: true, shouldValidate: false } as const;

  return (
    <StepForm step="addressInfo" onSubmit={onSubmit} pending={pending}>
      <FieldGroup>
        <SheetField
          control={control}
          name="provinceCode"
          label={t('application:address.province')}
          options={provinceOptions}
          loading={provinces.isPending}
          searchable
          onPicked={() => {
            setValue('cityCode', '', clear);
            setValue('barangayCode', '', clear);
          }}
        />
        <SheetField
          control={control}
          name="cityCode"
          label={t('application:address.city')}
          options={cityOptions}
          loading={cities.isPending}
          disabled={!provinceCode}
          placeholder={provinceCode ? undefined : t('application:address.provinceFirst')}
          searchable
          onPicked={() => setValue('barangayCode', '', clear)}
        />
        <SheetField
          control={control}
          name="barangayCode"
          label={t('application:address.barangay')}
          options={barangayOptions}
          loading={barangays.isPending}
          disabled={!cityCode}
          placeholder={cityCode ? undefined : t('application:address.cityFirst')}
          searchable
        />
        <TextField
          control={control}
          name="postalCode"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          label={t('application:address.postalCode')}
          placeholder={'0'.repeat(postalLength)}
          maxLength={postalLength}
          sanitize={(raw) => digits(raw, postalLength)}
          hint={t('application:address.postalHint', { length: postalLength })}
        />
        <TextField
          control={control}
          name="detailedAddress"
          autoComplete="street-address"
          label={t('application:address.detailedAddress')}
          placeholder={t('application:address.detailedPlaceholder')}
          maxLength={200}
        />
      </FieldGroup>
    </StepForm>
  );
}

/** `/addressInfo`: province → city/municipality → barangay (PSGC pickers), ZIP code, street (EN-02, VAL-04). */
export default function AddressInfoPage() {
  return <StepGate>{(view) => <AddressForm view={view} />}</StepGate>;
}
