import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { manilaDate } from '@pisonow/domain';
import { errorText } from '../../../lib/api/index.ts';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { formatDate, formatManilaDateTime } from '@pisonow/domain/date-format';
import { useLocale } from '../../../lib/i18n/index.ts';
import { Button } from '../../../lib/ui/button.tsx';
import { List, ListRow } from '../../../lib/ui/list-row.tsx';
import { Notice } from '../../../lib/ui/notice.tsx';
import { Card, Page } from '../../../lib/ui/page.tsx';
import { Sheet } from '../../../lib/ui/sheet.tsx';
import { downloadMyData } from '../api/download-my-data.ts';
import { useDeletionRequest } from '../api/get-deletion-request.ts';
import { useRequestDeletion } from '../api/request-deletion.ts';
import './my-data.css';

/**
 * `/myData` (BE-12, Data Privacy Act): download everything we hold about me, as JSON or a readable
 * PDF; ask for my data to be deleted, after reading what must be kept, why and until when.
 */
export default function MyDataPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const deletion = useDeletionRequest();
  const ask = useActionMutation(useRequestDeletion(), () => 'deletion');
  const [confirming, setConfirming] = useState(false);
  const [download, setDownload] = useState<{ busy: 'json' | 'pdf' | null; error: unknown }>({
    busy: null,
    error: null,
  });

  const save = async (format: 'json' | 'pdf') => {
    setDownload({ busy: format, error: null });
    try {
      await downloadMyData(format, manilaDate(new Date()));
      setDownload({ busy: null, error: null });
    } catch (error) {
      setDownload({ busy: null, error });
    }
  };

  const request = deletion.data?.request;
  const open = request?.status === 'open';
  return (
    <Page className="my-data">
      <Card>
        <h2 className="my-data__title">{t('privacy:download.title')}</h2>
        <p className="my-data__text">{t('privacy:download.body')}</p>
        <div className="my-data__actions">
          <Button
            block
            variant="secondary"
            data-testid="my-data-json"
            loading={download.busy === 'json'}
            onClick={() => void save('json')}
          >
            {t('privacy:download.json')}
          </Button>
          <Button
            block
            variant="secondary"
            data-testid="my-data-pdf"
            loading={download.busy === 'pdf'}
            onClick={() => void save('pdf')}
          >
            {t('privacy:download.pdf')}
          </Button>
        </div>
        {download.error != null && <Notice tone="danger">{errorText(download.error, locale)}</Notice>}
      </Card>

      <Card>
        <h2 className="my-data__title">{t('privacy:deletion.title')}</h2>
        <p className="my-data__text">{t('privacy:deletion.body')}</p>
        {deletion.isError && <Notice tone="danger">{errorText(deletion.error, locale)}</Notice>}
        {deletion.data && (
          <List title={t(open ? 'privacy:deletion.planAsked' : 'privacy:deletion.plan')}>
            {deletion.data.plan.map((d) => (
              <ListRow
                key={d.category}
                testId={`plan-${d.category}`}
                label={t(`privacy:categories.${d.category}`)}
                value={
                  d.action === 'erase'
                    ? t('privacy:action.erase')
                    : d.keepUntil
                      ? t('privacy:action.keepUntil', { date: formatDate(d.keepUntil, locale) })
                      : t('privacy:action.keepWhileOpen')
                }
              />
            ))}
          </List>
        )}
        {deletion.data?.plan.some((d) => d.action === 'keep') && (
          <ul className="my-data__reasons">
            {[...new Set(deletion.data.plan.filter((d) => d.action === 'keep').map((d) => d.basis))].map(
              (basis) => (
                <li key={basis}>{t(`privacy:basis.${basis}`)}</li>
              ),
            )}
          </ul>
        )}
        {request && (
          <Notice tone={open ? 'info' : 'success'} testId="deletion-status">
            {open
              ? t('privacy:deletion.received', { date: formatManilaDateTime(request.requestedAt, locale) })
              : t('privacy:deletion.completed', {
                  date: formatManilaDateTime(request.completedAt ?? request.requestedAt, locale),
                })}
          </Notice>
        )}
        {ask.error != null && <Notice tone="danger">{errorText(ask.error, locale)}</Notice>}
        {deletion.data && !open && (
          <Button
            block
            variant="danger"
            data-testid="deletion-ask"
            loading={ask.isPending}
            onClick={() => setConfirming(true)}
          >
            {t('privacy:deletion.ask')}
          </Button>
        )}
      </Card>

      <Sheet
        visible={confirming}
        title={t('privacy:deletion.confirmTitle')}
        onClose={() => setConfirming(false)}
        testId="deletion-sheet"
      >
        <p className="my-data__text">{t('privacy:deletion.confirmBody')}</p>
        <div className="my-data__actions">
          <Button block variant="ghost" data-testid="deletion-cancel" onClick={() => setConfirming(false)}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            block
            variant="danger"
            data-testid="deletion-confirm"
            loading={ask.isPending}
            onClick={() => {
              setConfirming(false);
              ask.run({});
            }}
          >
            {t('privacy:deletion.confirm')}
          </Button>
        </div>
      </Sheet>
    </Page>
  );
}
