import { useTranslation } from 'react-i18next';
import { useCoCore } from '../../../lib/store/index.ts';
import type { ApplicationView } from '../api/get-application.ts';
import { TextField } from '../components/fields.tsx';
import { FieldGroup, StepForm, StepGate } from '../components/step-page.tsx';
import { useStepForm } from '../components/use-step-form.ts';
import { digits } from '../model/form-values.ts';
import './steps.css';

function BaseInfo2Form({ view }: { view: ApplicationView }) {
  const { t } = useTranslation();
  const phone = useCoCore((s) => s.publicData.phone_number);
  // most borrowers use their registered number for WhatsApp and Viber: prefilled, editable
  const local = phone ? `0${phone}` : '';
  const { form, onSubmit, pending } = useStepForm('baseInfo2', view, { whatsapp: local, viber: local });
  const { control } = form;
  const eleven = (raw: string) => digits(raw, 11);
  return (
    <StepForm step="baseInfo2" onSubmit={onSubmit} pending={pending} intro={t('application:baseInfo2.intro')}>
      <FieldGroup>
        <TextField
          control={control}
          name="whatsapp"
          type="tel"
          inputMode="numeric"
          optional
          label={t('application:baseInfo2.whatsapp')}
          placeholder="09XXXXXXXXX"
          sanitize={eleven}
          maxLength={11}
        />
        <TextField
          control={control}
          name="viber"
          type="tel"
          inputMode="numeric"
          optional
          label={t('application:baseInfo2.viber')}
          placeholder="09XXXXXXXXX"
          sanitize={eleven}
          maxLength={11}
        />
        <TextField
          control={control}
          name="facebook"
          optional
          autoCapitalize="none"
          label={t('application:baseInfo2.facebook')}
          placeholder={t('application:baseInfo2.facebookPlaceholder')}
          hint={t('application:baseInfo2.facebookHint')}
        />
      </FieldGroup>
    </StepForm>
  );
}

/** `/baseInfo2`: WhatsApp, Viber, Facebook (EN-02, VAL-10); all optional. */
export default function BaseInfo2Page() {
  return <StepGate>{(view) => <BaseInfo2Form view={view} />}</StepGate>;
}
