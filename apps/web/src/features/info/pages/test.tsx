import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAndroid, isIPhoneLike, layoutFor } from '@pisonow/domain';
import { errorText } from '../../../lib/api/index.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { scalingSnapshot } from '../../../lib/scaling.ts';
import { useCoCore } from '../../../lib/store/index.ts';
import { Card, Page } from '../../../lib/ui/page.tsx';
import { useHealth } from '../api/get-health.ts';
import './info.css';
import './test.css';

/** `/test`: diagnostics, open to everyone and kept alive (type something, leave, come back). */
export default function TestPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const health = useHealth();
  const routeName = useCoCore((s) => s.routeName);
  const prevRouteName = useCoCore((s) => s.prevRouteName);
  const [note, setNote] = useState('');
  const ua = navigator.userAgent;
  const scaling = scalingSnapshot();
  const viewport = document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '';

  const healthText = health.isPending
    ? t('info:test.checking')
    : health.isError
      ? errorText(health.error, locale)
      : JSON.stringify(health.data);

  return (
    <Page className="test">
      <Card>
        <h2>{t('info:test.device')}</h2>
        <dl className="info__rows">
          <dt>UA</dt>
          <dd className="test__mono" data-testid="test-ua">
            {ua}
          </dd>
          <dt>{t('info:test.layout')}</dt>
          <dd data-testid="test-layout">{layoutFor(ua)}</dd>
          <dt>Android</dt>
          <dd>{String(isAndroid(ua))}</dd>
          <dt>iPhone</dt>
          <dd>{String(isIPhoneLike(ua))}</dd>
          <dt>{t('info:test.language')}</dt>
          <dd data-testid="test-language">{locale}</dd>
          <dt>{t('info:test.route')}</dt>
          <dd>
            {routeName} ← {prevRouteName || '—'}
          </dd>
        </dl>
      </Card>
      <Card>
        <h2>{t('info:test.scaling')}</h2>
        <dl className="info__rows" data-testid="test-scaling">
          <dt>devicePixelRatio</dt>
          <dd>{scaling?.devicePixelRatio}</dd>
          <dt>ratio</dt>
          <dd>{scaling?.ratio}</dd>
          <dt>width</dt>
          <dd>{scaling?.elementWidth}</dd>
          <dt>html font</dt>
          <dd>{scaling?.rootFontPx}px</dd>
          <dt>body font</dt>
          <dd>{scaling?.bodyFontPx}px</dd>
          <dt>viewport</dt>
          <dd className="test__mono">{viewport}</dd>
        </dl>
      </Card>
      <Card>
        <h2>{t('info:test.api')}</h2>
        <p className="test__mono" data-testid="test-health">
          {healthText}
        </p>
        <button type="button" className="test__button" onClick={() => void health.refetch()}>
          {t('info:test.recheck')}
        </button>
      </Card>
      <Card>
        <h2>{t('info:test.keepAlive')}</h2>
        <p>{t('info:test.keepAliveHint')}</p>
        <input
          className="test__input"
          data-testid="test-input"
          type="text"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('info:test.placeholder')}
        />
        <p className="test__links">
          <Link to="/privacy">{t('routes:privacy')}</Link> · <Link to="/start">{t('routes:start')}</Link>
        </p>
      </Card>
    </Page>
  );
}
