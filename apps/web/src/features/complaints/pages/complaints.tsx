import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@pisonow/domain/errors';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_DESCRIPTION_MAX,
  COMPLAINT_DESCRIPTION_MIN,
  type ComplaintCategory,
} from '@pisonow/domain/complaints';
import { formatPeso } from '@pisonow/domain/money';
import { errorText } from '../../../lib/api/index.ts';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { formatDate, formatManilaDate, formatManilaDateTime } from '@pisonow/domain/date-format';
import { useLocale } from '../../../lib/i18n/index.ts';
import { Button } from '../../../lib/ui/button.tsx';
import { Notice } from '../../../lib/ui/notice.tsx';
import { Card, Page } from '../../../lib/ui/page.tsx';
import { useFileComplaint } from '../api/file-complaint.ts';
import { useComplaints } from '../api/get-complaints.ts';
import { useMyLoans } from '../api/get-my-loans.ts';
import './complaints.css';

/**
 * `/complaints` (BE-11, RA 11765, SEC MC 5 s.2023): file a complaint (category, what happened,
 * optionally which loan) and follow my tickets: number, status, the date we promise to resolve it
 * by, our answer, and where to go next (the SEC) if I am not satisfied.
 */
export default function ComplaintsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const complaints = useComplaints();
  const loans = useMyLoans();
  const file = useActionMutation(useFileComplaint(), (input) => JSON.stringify(input.body));
  const [category, setCategory] = useState<ComplaintCategory | ''>('');
  const [description, setDescription] = useState('');
  const [orderId, setOrderId] = useState('');
  const [tried, setTried] = useState(false);
  const [filed, setFiled] = useState<string | null>(null);
  const length = description.trim().length;
  const tooShort = length < COMPLAINT_DESCRIPTION_MIN;

  return (
    <Page className="complaints">
      <Card>
        <h2 className="complaints__title">{t('complaints:form.title')}</h2>
        <p className="complaints__text">{t('complaints:form.intro')}</p>
        {filed && (
          <Notice tone="success" testId="complaint-filed">
            {t('complaints:form.filed', { ticket: filed })}
          </Notice>
        )}
        <form
          className="complaints__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (tooShort || !category) return;
            file.run(
              { body: { category, description, ...(orderId ? { orderId } : {}) } },
              {
                onSuccess: (c) => {
                  setFiled(c.ticketNumber);
                  setCategory('');
                  setDescription('');
                  setOrderId('');
                  setTried(false);
                },
              },
            );
          }}
        >
          <label htmlFor="complaint-category" className="complaints__label">
            {t('complaints:form.category')}
          </label>
          <select
            id="complaint-category"
            data-testid="complaint-category"
            value={category}
            aria-invalid={tried && !category}
            onChange={(e) => setCategory(e.target.value as ComplaintCategory)}
          >
            <option value="">{t('complaints:form.choose')}</option>
            {COMPLAINT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`complaints:categories.${c}`)}
              </option>
            ))}
          </select>
          {tried && !category && (
            <p className="complaints__help complaints__error">{errorMessage('REQUIRED', locale)}</p>
          )}

          <label htmlFor="complaint-loan" className="complaints__label">
            {t('complaints:form.loan')}
          </label>
          <select
            id="complaint-loan"
            data-testid="complaint-loan"
            value={orderId}
            onChange={(e) => setOrderId(e.target.value)}
          >
            <option value="">{t('complaints:form.noLoan')}</option>
            {(loans.data ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {t('complaints:form.loanOption', {
                  amount: formatPeso(BigInt(o.principal)),
                  date: formatManilaDate(o.createdAt, locale),
                })}
              </option>
            ))}
          </select>

          <label htmlFor="complaint-description" className="complaints__label">
            {t('complaints:form.description')}
          </label>
          <textarea
            id="complaint-description"
            data-testid="complaint-description"
            rows={6}
            maxLength={COMPLAINT_DESCRIPTION_MAX}
            value={description}
            aria-invalid={tried && tooShort}
            aria-describedby="complaint-help"
            onChange={(e) => setDescription(e.target.value)}
          />
          <p id="complaint-help" className="complaints__help" aria-live="polite">
            {tried && tooShort ? (
              <span className="complaints__error" data-testid="complaint-error">
                {errorMessage('FEEDBACK_TOO_SHORT', locale)}
              </span>
            ) : (
              t('complaints:form.count', { count: length, max: COMPLAINT_DESCRIPTION_MAX })
            )}
          </p>
          {file.error != null && <Notice tone="danger">{errorText(file.error, locale)}</Notice>}
          <Button block type="submit" data-testid="complaint-submit" loading={file.isPending}>
            {t('complaints:form.submit')}
          </Button>
        </form>
      </Card>

      <Card>
        <h2 className="complaints__title">{t('complaints:list.title')}</h2>
        {complaints.isError && <Notice tone="danger">{errorText(complaints.error, locale)}</Notice>}
        {complaints.data?.length === 0 && <p className="complaints__text">{t('complaints:list.none')}</p>}
        {complaints.data?.map((c) => (
          <article key={c.id} className="complaints__ticket" data-testid="complaint-ticket">
            <div className="complaints__ticket-head">
              <span data-testid="complaint-ticket-number">{c.ticketNumber}</span>
              <span
                className={`complaints__status complaints__status--${c.status}`}
                data-testid="complaint-status"
              >
                {t(`complaints:status.${c.status}`)}
              </span>
            </div>
            <p className="complaints__meta">
              {t(`complaints:categories.${c.category}`)} ·{' '}
              {t('complaints:list.filed', { date: formatManilaDateTime(c.createdAt, locale) })}
            </p>
            <p className="complaints__meta" data-testid="complaint-promised">
              {c.status === 'resolved' && c.resolvedAt
                ? t('complaints:list.resolvedOn', { date: formatManilaDateTime(c.resolvedAt, locale) })
                : t('complaints:list.promised', { date: formatDate(c.resolveBy, locale) })}
            </p>
            <p className="complaints__body">{c.description}</p>
            {c.resolution && (
              <p className="complaints__resolution" data-testid="complaint-resolution">
                {c.resolution}
              </p>
            )}
          </article>
        ))}
      </Card>

      <Card>
        <h2 className="complaints__title">{t('complaints:escalation.title')}</h2>
        <p className="complaints__escalation" data-testid="complaint-escalation">
          {complaints.data?.[0]?.escalation ?? t('complaints:escalation.body')}
        </p>
      </Card>
    </Page>
  );
}
