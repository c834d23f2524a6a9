import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EmploymentType } from '@pisonow/domain';
import type { ApplicationView } from '../api/get-application.ts';
import { ChipField, SheetField, TextField } from '../components/fields.tsx';
import { FieldGroup, StepForm, StepGate } from '../components/step-page.tsx';
import { useEnumOptions } from '../components/use-options.ts';
import { useStepForm } from '../components/use-step-form.ts';
import { WORK_FIELDS, digits } from '../model/form-values.ts';
import './steps.css';

function WorkForm({ view }: { view: ApplicationView }) {
  const { t } = useTranslation();
  const { form, onSubmit, pending } = useStepForm('workInfo', view);
  const { control, clearErrors } = form;
  const type = useWatch({ control, name: 'employmentType' }) as EmploymentType | '';
  const shown = new Set<string>(type ? WORK_FIELDS[type] : []);
  const employment = useEnumOptions('employmentType');
  const industries = useEnumOptions('industry');
  const years = useEnumOptions('workYears');
  const incomes = useEnumOptions('monthlyIncome');
  const cycles = useEnumOptions('payCycle');
  const month = view.rules.today.slice(0, 7);

  return (
    <StepForm step="workInfo" onSubmit={onSubmit} pending={pending}>
      <FieldGroup>
        <ChipField
          control={control}
          name="employmentType"
          label={t('application:work.employmentType')}
          options={employment}
          onPicked={() => clearErrors()}
        />
      </FieldGroup>
      {type && (
        <FieldGroup>
          {shown.has('school') && (
            <TextField control={control} name="school" label={t('application:work.school')} maxLength={120} />
          )}
          {shown.has('professionalTitle') && (
            <TextField
              control={control}
              name="professionalTitle"
              label={t('application:work.professionalTitle')}
              placeholder={t('application:work.professionalTitlePlaceholder')}
              maxLength={80}
            />
          )}
          {shown.has('admissionMonth') && (
            <div className="as-row">
              <TextField
                control={control}
                name="admissionMonth"
                type="month"
                max={month}
                label={t('application:work.admissionMonth')}
                placeholder="YYYY-MM"
              />
              <TextField
                control={control}
                name="graduationMonth"
                type="month"
                label={t('application:work.graduationMonth')}
                placeholder="YYYY-MM"
              />
            </div>
          )}
          {shown.has('industry') && (
            <SheetField
              control={control}
              name="industry"
              label={t('application:work.industry')}
              options={industries}
              searchable
            />
          )}
          {shown.has('workYears') && (
            <ChipField
              control={control}
              name="workYears"
              label={t(
                type === 'selfEmployed' ? 'application:work.operatingYears' : 'application:work.workYears',
              )}
              options={years}
            />
          )}
          {shown.has('monthlyIncome') && (
            <ChipField
              control={control}
              name="monthlyIncome"
              label={t('application:work.monthlyIncome')}
              options={incomes}
            />
          )}
          {shown.has('payCycle') && (
            <ChipField
              control={control}
              name="payCycle"
              label={t('application:work.payCycle')}
              options={cycles}
            />
          )}
          {shown.has('payday') && (
            <TextField
              control={control}
              name="payday"
              type="text"
              inputMode="numeric"
              label={t('application:work.payday')}
              placeholder={t('application:work.paydayPlaceholder')}
              maxLength={2}
              sanitize={(raw) => digits(raw, 2)}
            />
          )}
          {shown.has('companyName') && (
            <TextField
              control={control}
              name="companyName"
              label={t(
                type === 'selfEmployed' ? 'application:work.businessName' : 'application:work.companyName',
              )}
              maxLength={100}
            />
          )}
          {shown.has('companyPhone') && (
            <TextField
              control={control}
              name="companyPhone"
              type="tel"
              inputMode="numeric"
              label={t(
                type === 'selfEmployed' ? 'application:work.businessPhone' : 'application:work.companyPhone',
              )}
              placeholder={t('application:work.companyPhonePlaceholder')}
              maxLength={11}
              sanitize={(raw) => digits(raw, 11)}
            />
          )}
          {shown.has('companyAddress') && (
            <TextField
              control={control}
              name="companyAddress"
              label={t(
                type === 'selfEmployed'
                  ? 'application:work.businessAddress'
                  : 'application:work.companyAddress',
              )}
              maxLength={200}
            />
          )}
        </FieldGroup>
      )}
    </StepForm>
  );
}

/** `/workInfo`: adapts to the employment type (EN-03, VAL-10). */
export default function WorkInfoPage() {
  return <StepGate>{(view) => <WorkForm view={view} />}</StepGate>;
}
