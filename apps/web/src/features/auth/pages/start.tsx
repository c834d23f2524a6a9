import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage, isErrorCode, normalizePhone, OTP_LENGTH, otpSchema, phoneSchema, type Locale } from '@pisonow/domain';
import { ApiError, createActionKey, errorCodeOf } from '../../../lib/api/index.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { coCoreStore } from '../../../lib/store/index.ts';
import { promotionForLogin } from '../../../lib/query-capture.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useCountdown } from '../../../lib/countdown.ts';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import { FraudWarning } from '../../../lib/ui/fraud-warning.tsx';
import { CompanyLine } from '../../../lib/ui/company-line.tsx';
import { useSendLoginCode } from '../api/send-login-code.ts';
import { useLogin } from '../api/login.ts';
import { CaptchaDialog } from '../components/captcha-dialog.tsx';
import { SandboxHint } from '../components/sandbox-hint.tsx';
import './start.css';

/** Field errors carry a domain error code as their message; the text comes from the one table. */
const loginForm = z.object({
  phone: phoneSchema,
  code: otpSchema,
  privacy: z.boolean().refine((agreed) => agreed, { error: 'PRIVACY_NOT_AGREED' }), // VAL-12
});
type LoginFormIn = z.input<typeof loginForm>;
type LoginFormOut = z.output<typeof loginForm>;

/** Keeps only the 10 national digits: drops +63 / 63 / a leading 0 the user types or pastes. */
function sanitizePhone(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.startsWith('63') && digits.length >= 12) digits = digits.slice(2);
  digits = digits.replace(/^0+/, '');
  return digits.slice(0, 10);
}

function fieldError(code: string | undefined, locale: Locale): string | undefined {
  if (!code) return undefined;
  return isErrorCode(code) ? errorMessage(code, locale) : code;
}

/** Definitive answers end an action; after a network failure or a 5xx the same key is retried. */
function isDefinitive(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** `/start`: landing and login with phone + SMS code (VAL-01, VAL-02, VAL-12, SH-17). */
export default function StartPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const sendCode = useSendLoginCode();
  const loginCall = useLogin();
  const countdown = useCountdown();
  const sendKey = useMemo(() => createActionKey(), []);
  const loginKey = useMemo(() => createActionKey(), []);
  const [captcha, setCaptcha] = useState({ visible: false, round: 0 });
  const [codeSentTo, setCodeSentTo] = useState('');

  const form = useForm<LoginFormIn, unknown, LoginFormOut>({
    resolver: zodResolver(loginForm),
    defaultValues: { phone: '', code: '', privacy: false },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, handleSubmit, trigger, getValues, setError, setValue, setFocus, formState } = form;

  const requestCode = (captchaAnswer?: { captchaId: string; answer: string }) => {
    const phone = normalizePhone(getValues('phone'));
    const body = { phone, ...(captchaAnswer ? { captchaId: captchaAnswer.captchaId, captchaAnswer: captchaAnswer.answer } : {}) };
    sendCode.mutate(
      { ...body, idempotencyKey: sendKey.keyFor(JSON.stringify(body)) },
      {
        onSuccess: (result) => {
          sendKey.done();
          setCaptcha((c) => ({ ...c, visible: false }));
          setCodeSentTo(phone);
          countdown.start(result.resendAfterSeconds);
          showToast(t('auth:start.codeSent'));
          setFocus('code');
        },
        onError: (error) => {
          if (isDefinitive(error)) sendKey.done();
          const code = errorCodeOf(error);
          if (code === 'CAPTCHA_REQUIRED') {
            setCaptcha((c) => ({ visible: true, round: c.round + 1 }));
            showError(error);
            return;
          }
          if (code === 'CAPTCHA_INCORRECT') setCaptcha((c) => ({ visible: true, round: c.round + 1 }));
          if (code === 'PHONE_INVALID') setError('phone', { message: code });
          if (error instanceof ApiError && error.retryAfterSeconds) countdown.start(error.retryAfterSeconds);
          showError(error);
        },
      },
    );
  };

  const onGetCode = async () => {
    if (countdown.secondsLeft > 0 || sendCode.isPending) return;
    if (await trigger('phone')) requestCode();
  };

  const onLogin = (values: LoginFormOut) => {
    if (!config.data) {
      void config.refetch();
      showToast(errorMessage('NETWORK', locale));
      return;
    }
    const promotion = promotionForLogin(coCoreStore.getState().promotion);
    const body = {
      phone: values.phone,
      code: values.code,
      privacyAccepted: true as const,
      privacyPolicyVersion: config.data.privacyPolicyVersion,
      ...(promotion ? { promotion } : {}),
    };
    loginCall.mutate(
      { ...body, idempotencyKey: loginKey.keyFor(JSON.stringify(body)) },
      {
        onSuccess: (session) => {
          loginKey.done();
          coCoreStore.getState().signIn(session);
          if (session.registered) showToast(t('auth:start.welcomeNew'));
          void navigate('/homeIndex', { replace: true });
        },
        onError: (error) => {
          if (isDefinitive(error)) loginKey.done();
          const code = errorCodeOf(error);
          if (code === 'OTP_INCORRECT' || code === 'OTP_FORMAT') {
            setError('code', { message: code });
            setValue('code', '');
            setFocus('code');
          }
          if (code === 'PRIVACY_NOT_AGREED') setError('privacy', { message: code });
          if (code === 'PHONE_INVALID') setError('phone', { message: code });
          showError(error);
        },
      },
    );
  };

  const counting = countdown.secondsLeft > 0;
  const productName = config.data?.productName;

  return (
    <div className="start">
      <header className="start__hero">
        <h1 className="start__brand" data-testid="page-title">
          {productName || t('routes:start')}
        </h1>
        <p className="start__tagline">{t('auth:start.tagline')}</p>
        <ul className="start__perks">
          <li>{t('auth:start.perkFast')}</li>
          <li>{t('auth:start.perkWallet')}</li>
          <li>{t('auth:start.perkPrivate')}</li>
        </ul>
      </header>

      <form className="start__card" onSubmit={handleSubmit(onLogin)} noValidate>
        <h2 className="start__heading">{t('auth:start.heading')}</h2>

        <label className="start__label" htmlFor="start-phone">
          {t('auth:start.phoneLabel')}
        </label>
        <div className={`start__field${formState.errors.phone ? ' start__field--error' : ''}`}>
          <span className="start__prefix">+63</span>
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <input
                id="start-phone"
                data-testid="phone-input"
                className="start__input"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder={t('auth:start.phonePlaceholder')}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(sanitizePhone(e.target.value))}
              />
            )}
          />
        </div>
        <p className="start__error" role="alert">
          {fieldError(formState.errors.phone?.message, locale)}
        </p>

        <label className="start__label" htmlFor="start-code">
          {t('auth:start.codeLabel')}
        </label>
        <div className="start__code-row">
          <div className={`start__field${formState.errors.code ? ' start__field--error' : ''}`}>
            <Controller
              control={control}
              name="code"
              render={({ field }) => (
                <input
                  id="start-code"
                  data-testid="code-input"
                  className="start__input"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  placeholder={t('auth:start.codePlaceholder', { length: OTP_LENGTH })}
                  maxLength={OTP_LENGTH}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
                />
              )}
            />
          </div>
          <GuardedButton
            type="button"
            className="start__send"
            color="primary"
            fill="outline"
            data-testid="send-code"
            disabled={counting}
            loading={sendCode.isPending}
            onClick={() => void onGetCode()}
          >
            {counting ? t('auth:start.resendIn', { seconds: countdown.secondsLeft }) : codeSentTo ? t('auth:start.resend') : t('auth:start.getCode')}
          </GuardedButton>
        </div>
        <p className="start__error" role="alert">
          {fieldError(formState.errors.code?.message, locale)}
        </p>

        <Controller
          control={control}
          name="privacy"
          render={({ field }) => (
            <label className="start__agree">
              <input
                type="checkbox"
                data-testid="privacy-checkbox"
                className="start__checkbox"
                name={field.name}
                ref={field.ref}
                checked={field.value}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.checked)}
              />
              <span>
                <Trans
                  i18nKey="auth:start.agree"
                  components={{ privacy: <Link to="/privacy" />, terms: <Link to="/conditionalTerms" /> }}
                />
              </span>
            </label>
          )}
        />
        <p className="start__error" role="alert">
          {fieldError(formState.errors.privacy?.message, locale)}
        </p>

        <GuardedButton type="submit" block color="primary" size="large" data-testid="login-submit" loading={loginCall.isPending}>
          {t('auth:start.login')}
        </GuardedButton>
        <p className="start__note">{t('auth:start.registerNote')}</p>

        {config.data?.sandbox && <SandboxHint phone={codeSentTo} />}
      </form>

      <FraudWarning />
      <CompanyLine />

      <CaptchaDialog
        visible={captcha.visible}
        round={captcha.round}
        pending={sendCode.isPending}
        onRefresh={() => setCaptcha((c) => ({ ...c, round: c.round + 1 }))}
        onClose={() => setCaptcha((c) => ({ ...c, visible: false }))}
        onSubmit={(captchaId, answer) => requestCode({ captchaId, answer })}
      />
    </div>
  );
}
