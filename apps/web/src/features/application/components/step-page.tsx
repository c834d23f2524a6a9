import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ProgressBar from 'antd-mobile/es/components/progress-bar';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Button from 'antd-mobile/es/components/button';
import { APPLICATION_STEPS, type ApplicationStep } from '@pisonow/domain';
import { errorText } from '../../../lib/api/index.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { GuardedButton } from '../../../lib/ui/guarded-button.tsx';
import { useApplication, type ApplicationView } from '../api/get-application.ts';
import { stepNumber } from '../model/steps.ts';
import './step-page.css';

/** "Step n of 7" with a bar: the progress indicator of every step page. */
export function StepProgress({ step }: { step: ApplicationStep }) {
  const { t } = useTranslation();
  const n = stepNumber(step);
  return (
    <div
      className="as-progress"
      data-testid="step-progress"
      aria-label={t('application:progress', { n, total: APPLICATION_STEPS.length })}
    >
      <div className="as-progress__row">
        <span className="as-progress__text">
          {t('application:progress', { n, total: APPLICATION_STEPS.length })}
        </span>
        <span className="as-progress__step">{t(`routes:${step}`)}</span>
      </div>
      <ProgressBar percent={(n / APPLICATION_STEPS.length) * 100} style={{ '--track-width': '4px' }} />
    </div>
  );
}

/** Waits for the application view (prefill and rules), then renders the step's form with it. */
export function StepGate({ children }: { children: (view: ApplicationView) => ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useApplication();
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div className="as-state" role="alert">
        <p>{errorText(query.error, locale)}</p>
        <Button size="small" color="primary" fill="outline" onClick={() => void query.refetch()}>
          {t('application:retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="as-state" aria-busy>
      <DotLoading color="primary" />
    </div>
  );
}

/** A step page: progress, the fields, and the sticky Next button (`step-next`, save and continue). */
export function StepForm({
  step,
  onSubmit,
  pending,
  children,
  intro,
}: {
  step: ApplicationStep;
  onSubmit: (event?: FormEvent) => void;
  pending: boolean;
  children: ReactNode;
  intro?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="as-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event);
      }}
    >
      <StepProgress step={step} />
      {intro && <p className="as-intro">{intro}</p>}
      <div className="as-fields">{children}</div>
      <div className="as-footer">
        <GuardedButton
          type="submit"
          block
          size="large"
          color="primary"
          data-testid="step-next"
          loading={pending}
        >
          {t('application:next')}
        </GuardedButton>
      </div>
    </form>
  );
}

/** A titled group of fields inside a step. */
export function FieldGroup({
  title,
  children,
  className,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ? `as-group ${className}` : 'as-group'}>
      {title && <h2 className="as-group__title">{title}</h2>}
      {children}
    </section>
  );
}
