import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { errorText } from '../../../lib/api/index.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import { useCaptcha } from '../api/get-captcha.ts';
import './captcha-dialog.css';

/**
 * The picture code asked for on unusual activity (section 8). The parent bumps `round` whenever a
 * new picture is needed (first show, wrong answer); tapping the picture also fetches a new one.
 * The SVG is shown as a data: image: the page's CSP allows data: images, never inline script.
 */
export function CaptchaDialog({
  visible,
  round,
  pending,
  onRefresh,
  onSubmit,
  onClose,
}: {
  visible: boolean;
  round: number;
  pending: boolean;
  onRefresh: () => void;
  onSubmit: (captchaId: string, answer: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const captcha = useCaptcha(round, visible);
  const [answer, setAnswer] = useState({ round, text: '' });
  // a new picture clears what was typed for the old one
  const text = answer.round === round ? answer.text : '';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    // The popup is portalled but React still bubbles its submit to the login <form> around it.
    event?.stopPropagation();
    if (captcha.data && text.trim()) onSubmit(captcha.data.captchaId, text.trim());
  };

  return (
    <CenterPopup visible={visible} onMaskClick={onClose} destroyOnClose className="captcha-popup">
      <form className="captcha" onSubmit={submit}>
        <h2 className="captcha__title">{t('auth:captcha.title')}</h2>
        <p className="captcha__hint">{t('auth:captcha.hint')}</p>
        <button
          type="button"
          className="captcha__picture"
          onClick={onRefresh}
          aria-label={t('auth:captcha.refresh')}
        >
          {captcha.data ? (
            <img
              data-testid="captcha-image"
              // which challenge this is: the sandbox answer lookup in browser tests reads it
              data-captcha-id={captcha.data.captchaId}
              alt={t('auth:captcha.alt')}
              src={`data:image/svg+xml;utf8,${encodeURIComponent(captcha.data.svg)}`}
            />
          ) : captcha.isError ? (
            <span className="captcha__error">{errorText(captcha.error, locale)}</span>
          ) : (
            <DotLoading color="primary" />
          )}
        </button>
        <span className="captcha__refresh">{t('auth:captcha.refresh')}</span>
        <input
          className="captcha__input"
          data-testid="captcha-input"
          value={text}
          onChange={(e) => setAnswer({ round, text: e.target.value.replace(/\s/g, '').slice(0, 12) })}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('auth:captcha.placeholder')}
          aria-label={t('auth:captcha.placeholder')}
        />
        <div className="captcha__actions">
          <GuardedButton type="button" fill="outline" onClick={onClose}>
            {t('common:actions.cancel')}
          </GuardedButton>
          <GuardedButton
            type="submit"
            color="primary"
            data-testid="captcha-submit"
            loading={pending}
            disabled={!captcha.data || !text.trim()}
          >
            {t('common:actions.confirm')}
          </GuardedButton>
        </div>
      </form>
    </CenterPopup>
  );
}
