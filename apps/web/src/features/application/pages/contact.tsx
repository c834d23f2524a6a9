import { useTranslation } from 'react-i18next';
import { CONTACTS_NOTICE_VERSION } from '@pisonow/domain';
import type { ApplicationView } from '../api/get-application.ts';
import { CheckField, ChipField, TextField } from '../components/fields.tsx';
import { FieldGroup, StepForm, StepGate } from '../components/step-page.tsx';
import { useEnumOptions } from '../components/use-options.ts';
import { useStepForm } from '../components/use-step-form.ts';
import { CONTACT_COUNT, fromPickedContact, mobileInput } from '../model/form-values.ts';
import './steps.css';
import './contact.css';

/** The Contact Picker API (Chrome on Android, Safari behind a setting); absent elsewhere. */
interface ContactsManager {
  select(
    properties: ('name' | 'tel')[],
    options?: { multiple?: boolean },
  ): Promise<{ name?: string[]; tel?: string[] }[]>;
}
function contactsManager(): ContactsManager | undefined {
  const nav = navigator as Navigator & { contacts?: ContactsManager };
  return 'ContactsManager' in window && nav.contacts && typeof nav.contacts.select === 'function'
    ? nav.contacts
    : undefined;
}

const ROWS = Array.from({ length: CONTACT_COUNT }, (_, i) => i);

function ContactForm({ view }: { view: ApplicationView }) {
  const { t } = useTranslation();
  const { form, onSubmit, pending } = useStepForm('contact', view);
  const { control, setValue } = form;
  const relations = useEnumOptions('relationship');
  const picker = contactsManager();

  const pick = async (index: number) => {
    try {
      const [picked] = (await picker?.select(['name', 'tel'], { multiple: false })) ?? [];
      if (!picked) return;
      const { name, phone } = fromPickedContact(picked);
      const options = { shouldDirty: true, shouldValidate: true } as const;
      if (name) setValue(`contacts.${index}.name`, name, options);
      if (phone) setValue(`contacts.${index}.phone`, phone, options);
    } catch {
      // the user closed the picker or the browser refused: typing still works
    }
  };

  return (
    <StepForm step="contact" onSubmit={onSubmit} pending={pending} intro={t('application:contact.intro')}>
      <FieldGroup title={t('application:contact.consentTitle')}>
        <p className="as-note" data-testid="contacts-notice">
          {t('application:contact.consentText')}
        </p>
        <p className="as-note" data-testid="contacts-notice-version">
          {t('application:contact.noticeVersion', { version: CONTACTS_NOTICE_VERSION })}
        </p>
        <CheckField control={control} name="consentAccepted">
          {t('application:contact.consentCheck')}
        </CheckField>
      </FieldGroup>
      {ROWS.map((i) => (
        <FieldGroup key={i} title={t('application:contact.contactN', { n: i + 1 })} className="ac-card">
          {picker && (
            <button
              type="button"
              className="as-link ac-card__pick"
              data-testid={`pick-contact-${i}`}
              onClick={() => void pick(i)}
            >
              {t('application:contact.pick')}
            </button>
          )}
          <TextField
            control={control}
            name={`contacts.${i}.name`}
            autoComplete="off"
            label={t('application:contact.name')}
            maxLength={50}
          />
          <TextField
            control={control}
            name={`contacts.${i}.phone`}
            type="tel"
            inputMode="numeric"
            prefix="+63"
            label={t('application:contact.phone')}
            placeholder="9XXXXXXXXX"
            sanitize={mobileInput}
          />
          <ChipField
            control={control}
            name={`contacts.${i}.relationship`}
            label={t('application:contact.relationship')}
            options={relations}
          />
        </FieldGroup>
      ))}
    </StepForm>
  );
}

/** `/contact`: three emergency contacts, from the phone's contacts where the browser allows (EN-04, VAL-08, VAL-09). */
export default function ContactPage() {
  return <StepGate>{(view) => <ContactForm view={view} />}</StepGate>;
}
