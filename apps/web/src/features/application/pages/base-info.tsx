import { useTranslation } from 'react-i18next';
import type { ApplicationView } from '../api/get-application.ts';
import { ChipField, SheetField, TextField } from '../components/fields.tsx';
import { FieldGroup, StepForm, StepGate } from '../components/step-page.tsx';
import { useEnumOptions } from '../components/use-options.ts';
import { useStepForm } from '../components/use-step-form.ts';
import './steps.css';

function BaseInfoForm({ view }: { view: ApplicationView }) {
  const { t } = useTranslation();
  const { form, onSubmit, pending } = useStepForm('baseInfo', view);
  const { control } = form;
  const marital = useEnumOptions('maritalStatus');
  const education = useEnumOptions('education');
  const purposes = useEnumOptions('loanPurpose');
  return (
    <StepForm step="baseInfo" onSubmit={onSubmit} pending={pending}>
      <FieldGroup>
        <ChipField
          control={control}
          name="maritalStatus"
          label={t('application:baseInfo.maritalStatus')}
          options={marital}
        />
        <ChipField
          control={control}
          name="education"
          label={t('application:baseInfo.education')}
          options={education}
        />
        <TextField
          control={control}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          label={t('application:baseInfo.email')}
          placeholder={t('application:baseInfo.emailPlaceholder')}
        />
        <SheetField
          control={control}
          name="loanPurpose"
          label={t('application:baseInfo.loanPurpose')}
          options={purposes}
          searchable={false}
        />
      </FieldGroup>
    </StepForm>
  );
}

/** `/baseInfo`: marital status, education, email, loan purpose (EN-01, EN-02, EN-03). */
export default function BaseInfoPage() {
  return <StepGate>{(view) => <BaseInfoForm view={view} />}</StepGate>;
}
