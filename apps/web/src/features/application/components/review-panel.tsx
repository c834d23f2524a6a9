import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPLICATION_STEPS, errorMessage, payoutProvider, type ApplicationStep } from '@pisonow/domain';
import { ApiError, errorCodeOf } from '../../../lib/api/index.ts';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import type { ApplicationView } from '../api/get-application.ts';
import { useSubmitApplication } from '../api/submit-application.ts';
import { enumLabelKey, type EnumGroup } from '../model/enums.ts';
import { isStep } from '../model/steps.ts';
import './review-panel.css';

type Data = Record<string, unknown> | null;
const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** One line per step, so the borrower can check everything before submitting. */
function useSummaries(view: ApplicationView): Record<ApplicationStep, string> {
  const { t } = useTranslation();
  const label = (group: EnumGroup, data: Data, field: string) =>
    s(data?.[field]) ? t(enumLabelKey(group, s(data?.[field]))) : '';
  const join = (...parts: string[]) => parts.filter(Boolean).join(' · ');
  const d = (step: ApplicationStep) => view.steps[step].data;
  const identity = d('identityInfo');
  const bank = d('bankInfo');
  const account = s(bank?.account);
  return {
    identityInfo: join(
      [s(identity?.firstName), s(identity?.middleName), s(identity?.lastName)].filter(Boolean).join(' '),
      label('idType', identity, 'idType'),
      s(identity?.idNumberMasked),
    ),
    baseInfo: join(
      label('maritalStatus', d('baseInfo'), 'maritalStatus'),
      label('education', d('baseInfo'), 'education'),
      s(d('baseInfo')?.email),
    ),
    baseInfo2:
      join(s(d('baseInfo2')?.whatsapp), s(d('baseInfo2')?.viber), s(d('baseInfo2')?.facebook)) ||
      t('application:review.nothingAdded'),
    addressInfo: join(s(d('addressInfo')?.detailedAddress), s(d('addressInfo')?.postalCode)),
    contact: Array.isArray(d('contact')?.contacts)
      ? (d('contact')!.contacts as Record<string, unknown>[]).map((c) => s(c.name)).join(', ')
      : '',
    workInfo: join(
      label('employmentType', d('workInfo'), 'employmentType'),
      label('monthlyIncome', d('workInfo'), 'monthlyIncome'),
    ),
    bankInfo: join(
      payoutProvider(s(bank?.providerCode))?.name ?? '',
      account ? `•••• ${account.slice(-4)}` : '',
    ),
  };
}

/** The review + Submit at the end of the flow (and the hub of a modification). */
export function ReviewPanel({ view }: { view: ApplicationView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const submit = useActionMutation(useSubmitApplication(), () => 'submit');
  const summaries = useSummaries(view);
  const missing = APPLICATION_STEPS.filter((step) => !view.steps[step].completed);
  const resubmit = view.submissionCount > 0;

  const onSubmit = () => {
    submit.run(
      {},
      {
        onSuccess: () => {
          showToast(t('application:review.submitted'));
          void navigate('/homeIndex', { replace: true });
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.details?.[0]?.field : undefined;
          if (errorCodeOf(error) === 'STEP_INCOMPLETE' && isStep(field)) {
            showToast(errorMessage('STEP_INCOMPLETE', locale, { step: t(`routes:${field}`) }));
            void navigate(`/${field}`);
            return;
          }
          showError(error);
        },
      },
    );
  };

  return (
    <div className="ar-page" data-testid="application-review">
      <header className="ar-head">
        <h2>{t('application:review.title')}</h2>
        <p>{t('application:review.intro')}</p>
      </header>
      <ol className="ar-steps">
        {APPLICATION_STEPS.map((step, i) => {
          const done = view.steps[step].completed;
          return (
            <li
              key={step}
              className={`ar-step${done ? '' : ' ar-step--missing'}`}
              data-testid={`review-${step}`}
            >
              <span className="ar-step__n" aria-hidden>
                {done ? '✓' : i + 1}
              </span>
              <div className="ar-step__body">
                <strong>{t(`routes:${step}`)}</strong>
                <span>{done ? summaries[step] : t('application:review.missing')}</span>
              </div>
              {view.editable && (
                <button
                  type="button"
                  className="as-link"
                  data-testid={`review-edit-${step}`}
                  onClick={() => void navigate(`/${step}`)}
                >
                  {done ? t('application:change') : t('application:review.complete')}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      <p className="ar-legal">{t('application:review.declaration')}</p>
      <div className="ar-footer">
        <GuardedButton
          block
          size="large"
          color="primary"
          data-testid="step-submit"
          loading={submit.isPending}
          disabled={!view.editable || missing.length > 0 || view.status === 'under_review'}
          onClick={onSubmit}
        >
          {view.status === 'under_review'
            ? t('application:status.under_review')
            : resubmit
              ? t('application:review.resubmit')
              : t('application:review.submit')}
        </GuardedButton>
      </div>
    </div>
  );
}
