import { lazy, Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
// Deep imports: the login page ships without the schema library (zod) and the form library.
import { errorMessage, isErrorCode, type ErrorCode } from '@pisonow/domain/errors';
import { isValidPhone, normalizePhone } from '@pisonow/domain/phone-number';
import { OTP_LENGTH, OTP_PATTERN } from '@pisonow/domain/otp-code';
import type { Locale } from '@pisonow/domain/locale';
import { ApiError, errorCodeOf } from '../../../lib/api/index.ts';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { LANGUAGE_LABELS, LOCALES, setLanguage, useLocale } from '../../../lib/i18n/index.ts';
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
import { SandboxHint } from '../components/sandbox-hint.tsx';
import './start.css';

/** Shown only on unusual activity: not part of the first load (nor is the query library it uses). */
const CaptchaDialog = lazy(() =>
  Promise.all([import('../components/captcha-dialog.tsx'), import('../../../lib/query-scope.tsx')]).then(
    ([m, q]) => ({ default: q.withQueries(m.CaptchaDialog) }),
  ),
);

type Field = 'phone' | 'code' | 'privacy';
type FieldErrors = Partial<Record<Field, ErrorCode>>;

/** Keeps only the 10 national digits: drops +63 / 63 / a leading 0 the user types or pastes. */
function sanitizePhone(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.startsWith('63') && digits.length >= 12) digits = digits.slice(2);
  digits = digits.replace(/^0+/, '');
  return digits.slice(0, 10);
}

/** VAL-01: an empty number says so (not "format error"); a wrong one asks for the 9XX number. */
export function phoneError(phone: string): ErrorCode | undefined {
  if (!phone.trim()) return 'PHONE_REQUIRED';
  return isValidPhone(normalizePhone(phone)) ? undefined : 'PHONE_INVALID';
}

/** VAL-02 / VAL-12, the same rules as the server's contract (the server checks again). */
export function loginErrors(values: { phone: string; code: string; privacy: boolean }): FieldErrors {
  const errors: FieldErrors = {};
  const phone = phoneError(values.phone);
  if (phone) errors.phone = phone;
  if (!OTP_PATTERN.test(values.code.trim())) errors.code = 'OTP_FORMAT';
  if (!values.privacy) errors.privacy = 'PRIVACY_NOT_AGREED';
  return errors;
}

function fieldError(code: string | undefined, locale: Locale): string | undefined {
  if (!code) return undefined;
  return isErrorCode(code) ? errorMessage(code, locale) : code;
}

/**
 * The page is prerendered (issue 9): a borrower may type before the script runs. The first render
 * reads what is in the prerendered fields (still in the DOM until React commits), so it is kept.
 */
function prerenderedValues(): { phone: string; code: string; privacy: boolean } {
  if (typeof document === 'undefined') return { phone: '', code: '', privacy: false };
  const input = (selector: string) => document.querySelector<HTMLInputElement>(selector);
  return {
    phone: sanitizePhone(input('#start-phone')?.value ?? ''),
    code: (input('#start-code')?.value ?? '').replace(/\D/g, '').slice(0, OTP_LENGTH),
    privacy: input('[data-testid="privacy-checkbox"]')?.checked ?? false,
  };
}

/**
 * `<privacy>…</privacy>` in a translation becomes a link: what react-i18next's Trans does, without
 * shipping its HTML parser to the login page (issue 9).
 */
export function withLinks(text: string, links: Record<string, string>): ReactNode[] {
  return text.split(/(<(\w+)>.*?<\/\2>)/).flatMap((part, i): ReactNode[] => {
    if (i % 3 === 2) return []; // the tag name captured by the inner group
    const tag = /^<(\w+)>(.*)<\/\1>$/.exec(part);
    const to = tag ? links[tag[1]!] : undefined;
    if (tag && to)
      return [
        <Link key={i} to={to}>
          {tag[2]}
        </Link>,
      ];
    return part ? [part] : [];
  });
}

/** Clarity item 1: the language is chosen before login, each language named in itself. */
function LanguageChoice() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <nav className="start__langs" aria-label={t('common:language')}>
      {LOCALES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className={`start__lang${lang === locale ? ' start__lang--on' : ''}`}
          aria-pressed={lang === locale}
          data-testid={`start-lang-${lang}`}
          onClick={() => void setLanguage(lang)}
        >
          {LANGUAGE_LABELS[lang]}
        </button>
      ))}
    </nav>
  );
}

/** `/start`: landing and login with phone + SMS code (VAL-01, VAL-02, VAL-12, SH-17). */
export default function StartPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const sendCode = useActionMutation(useSendLoginCode());
  const loginCall = useActionMutation(useLogin());
  const countdown = useCountdown();
  const [captcha, setCaptcha] = useState({ visible: false, round: 0 });
  const [codeSentTo, setCodeSentTo] = useState('');
  const [values, setValues] = useState(prerenderedValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  /** After the first submit, a field's message follows its value as the borrower corrects it. */
  const change = <K extends Field>(field: K, value: (typeof values)[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted || errors[field]) setErrors((e) => ({ ...e, [field]: loginErrors(next)[field] }));
  };
  const setError = (field: Field, code: ErrorCode) => setErrors((e) => ({ ...e, [field]: code }));

  const requestCode = (captchaAnswer?: { captchaId: string; answer: string }) => {
    const phone = normalizePhone(values.phone);
    const body = {
      phone,
      ...(captchaAnswer ? { captchaId: captchaAnswer.captchaId, captchaAnswer: captchaAnswer.answer } : {}),
    };
    sendCode.run(body, {
      onSuccess: (result) => {
        setCaptcha((c) => ({ ...c, visible: false }));
        setCodeSentTo(phone);
        countdown.start(result.resendAfterSeconds);
        showToast(t('auth:start.codeSent'));
        codeRef.current?.focus();
      },
      onError: (error) => {
        const code = errorCodeOf(error);
        if (code === 'CAPTCHA_REQUIRED' || code === 'CAPTCHA_INCORRECT')
          setCaptcha((c) => ({ visible: true, round: c.round + 1 }));
        if (error instanceof ApiError && error.retryAfterSeconds) countdown.start(error.retryAfterSeconds);
        // a field error is said once, under the field; everything else is a toast
        if (code === 'PHONE_INVALID') setError('phone', code);
        else showError(error);
      },
    });
  };

  const onGetCode = () => {
    if (countdown.secondsLeft > 0 || sendCode.isPending) return;
    const problem = phoneError(values.phone);
    setErrors((e) => ({ ...e, phone: problem }));
    if (problem) {
      phoneRef.current?.focus();
      return;
    }
    requestCode();
  };

  const onLogin = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = loginErrors(values);
    setErrors(found);
    if (found.phone) return phoneRef.current?.focus();
    if (found.code) return codeRef.current?.focus();
    if (found.privacy) return;
    if (!config.data) {
      void config.refetch();
      showToast(errorMessage('NETWORK', locale));
      return;
    }
    const promotion = promotionForLogin(coCoreStore.getState().promotion);
    const body = {
      phone: normalizePhone(values.phone),
      code: values.code.trim(),
      privacyAccepted: true as const,
      privacyPolicyVersion: config.data.privacyPolicyVersion,
      ...(promotion ? { promotion } : {}),
    };
    loginCall.run(body, {
      onSuccess: (session) => {
        coCoreStore.getState().signIn(session);
        // SH-16 SH-07: the attribution network learns of a registration with the same promotion
        if (session.registered)
          void import('../../../lib/attribution/attribution.ts').then((m) =>
            m.attribution().registered({ customerId: session.customerId, promotion }),
          );
        if (session.registered) showToast(t('auth:start.welcomeNew'));
        void navigate('/homeIndex', { replace: true });
      },
      onError: (error) => {
        const code = errorCodeOf(error);
        // Clarity item 6: a wrong code is said once, under the field (no second toast).
        if (code === 'OTP_INCORRECT' || code === 'OTP_FORMAT') {
          setValues((v) => ({ ...v, code: '' }));
          setError('code', code);
          codeRef.current?.focus();
        } else if (code === 'PRIVACY_NOT_AGREED' || code === 'PHONE_INVALID') {
          setError(code === 'PHONE_INVALID' ? 'phone' : 'privacy', code);
        } else showError(error);
      },
    });
  };

  const counting = countdown.secondsLeft > 0;
  const productName = config.data?.productName;

  return (
    <div className="start">
      <header className="start__hero">
        <LanguageChoice />
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

      <form className="start__card" onSubmit={onLogin} noValidate>
        <h2 className="start__heading">{t('auth:start.heading')}</h2>

        <label className="start__label" htmlFor="start-phone">
          {t('auth:start.phoneLabel')}
        </label>
        <div className={`start__field${errors.phone ? ' start__field--error' : ''}`}>
          <span className="start__prefix">+63</span>
          <input
            id="start-phone"
            data-testid="phone-input"
            className="start__input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={t('auth:start.phonePlaceholder')}
            name="phone"
            ref={phoneRef}
            value={values.phone}
            aria-invalid={Boolean(errors.phone)}
            aria-describedby="start-phone-error"
            onChange={(e) => change('phone', sanitizePhone(e.target.value))}
          />
        </div>
        <p className="start__error" id="start-phone-error" role="alert">
          {fieldError(errors.phone, locale)}
        </p>

        <label className="start__label" htmlFor="start-code">
          {t('auth:start.codeLabel')}
        </label>
        <div className="start__code-row">
          <div className={`start__field${errors.code ? ' start__field--error' : ''}`}>
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
              name="code"
              ref={codeRef}
              value={values.code}
              aria-invalid={Boolean(errors.code)}
              aria-describedby="start-code-error"
              onChange={(e) => change('code', e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
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
            onClick={onGetCode}
          >
            {counting
              ? t('auth:start.resendIn', { seconds: countdown.secondsLeft })
              : codeSentTo
                ? t('auth:start.resend')
                : t('auth:start.getCode')}
          </GuardedButton>
        </div>
        <p className="start__error" id="start-code-error" role="alert">
          {fieldError(errors.code, locale)}
        </p>

        <label className="start__agree">
          <input
            type="checkbox"
            data-testid="privacy-checkbox"
            className="start__checkbox"
            name="privacy"
            checked={values.privacy}
            aria-invalid={Boolean(errors.privacy)}
            onChange={(e) => change('privacy', e.target.checked)}
          />
          <span>{withLinks(t('auth:start.agree'), { privacy: '/privacy', terms: '/conditionalTerms' })}</span>
        </label>
        <p className="start__error" role="alert">
          {fieldError(errors.privacy, locale)}
        </p>

        <GuardedButton
          type="submit"
          block
          color="primary"
          size="large"
          data-testid="login-submit"
          loading={loginCall.isPending}
        >
          {t('auth:start.login')}
        </GuardedButton>
        <p className="start__note">{t('auth:start.registerNote')}</p>

        {config.data?.sandbox && <SandboxHint phone={codeSentTo} />}
      </form>

      <FraudWarning />
      <CompanyLine />

      {captcha.visible || captcha.round > 0 ? (
        <Suspense fallback={null}>
          <CaptchaDialog
            visible={captcha.visible}
            round={captcha.round}
            pending={sendCode.isPending}
            onRefresh={() => setCaptcha((c) => ({ ...c, round: c.round + 1 }))}
            onClose={() => setCaptcha((c) => ({ ...c, visible: false }))}
            onSubmit={(captchaId, answer) => requestCode({ captchaId, answer })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
