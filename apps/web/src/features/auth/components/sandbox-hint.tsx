import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSandboxOutbox } from '../api/get-sandbox-outbox.ts';

/** Sandbox only: no SMS leaves the building, so say where the code is and offer to show it. */
export function SandboxHint({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const outbox = useSandboxOutbox(phone, asked && Boolean(phone));
  const latest = outbox.data?.messages[0];
  return (
    <div className="start__sandbox" data-testid="sandbox-hint">
      <span>{t('auth:sandbox.hint')}</span>
      {phone && (
        <button
          type="button"
          className="start__sandbox-link"
          onClick={() => (asked ? void outbox.refetch() : setAsked(true))}
        >
          {t('auth:sandbox.show')}
        </button>
      )}
      {asked && latest && <code className="start__sandbox-sms">{latest.body}</code>}
      {asked && outbox.data && !latest && <span>{t('auth:sandbox.empty')}</span>}
    </div>
  );
}
