import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSandboxOutbox, type OutboxMessage } from '../api/get-sandbox-outbox.ts';

/** Sandbox only: no SMS leaves the building, so say where the code is and offer to show it. */
export function SandboxHint({ phone }: { phone: string }) {
  const { t } = useTranslation();
  // plain fetches (on the tap, and again for a new number once asked): the login page ships without
  // TanStack Query (issue 9)
  const [asked, setAsked] = useState(false);
  const [outbox, setOutbox] = useState<{ phone: string; messages: OutboxMessage[] }>();
  const show = () => {
    if (!asked) return setAsked(true); // the effect below fetches
    void fetchSandboxOutbox(phone).then(
      ({ messages }) => setOutbox({ phone, messages }),
      () => undefined,
    );
  };
  useEffect(() => {
    if (!asked || !phone) return;
    let live = true;
    fetchSandboxOutbox(phone).then(
      ({ messages }) => live && setOutbox({ phone, messages }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [asked, phone]);
  const shown = asked && outbox?.phone === phone ? outbox : undefined;
  const latest = shown?.messages[0];
  return (
    <div className="start__sandbox" data-testid="sandbox-hint">
      <span>{t('auth:sandbox.hint')}</span>
      {phone && (
        <button type="button" className="start__sandbox-link" onClick={show}>
          {t('auth:sandbox.show')}
        </button>
      )}
      {latest && <code className="start__sandbox-sms">{latest.body}</code>}
      {shown && !latest && <span>{t('auth:sandbox.empty')}</span>}
    </div>
  );
}
