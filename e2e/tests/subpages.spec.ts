import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { expectAccessible, setLanguage } from '../support/servicing.ts';
import { applyThroughApi, loginThroughApiInBrowser } from '../support/api-borrower.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url)),
  });

/** No i18n key (`lending:offers.tab`, `tutorial:lead`, `offers.range`) and no `{{…}}` on the page. */
async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(lending|tutorial|common|routes):[A-Za-z_.]+/);
  expect(text).not.toMatch(/\b(offers|ladder|withdraw|cost)\.[a-z][A-Za-z_.]+/);
  expect(text).not.toContain('{{');
}

const OFFERS = {
  'en-US': { title: 'Loan offers', products: 'Loan products', limit: 'My limit', transcript: 'Transcript' },
  fil: {
    title: 'Mga alok na loan',
    products: 'Mga produktong loan',
    limit: 'Aking limit',
    transcript: 'Transkripsyon',
  },
  'zh-CN': { title: '借款产品', products: '借款产品', limit: '我的额度', transcript: '文字稿' },
} as const;
const FIRST_CAPTION = {
  'en-US': 'How to borrow: four steps, about five minutes.',
  fil: 'Paano humiram: apat na hakbang, mga limang minuto.',
  'zh-CN': '如何借款：四个步骤，约五分钟。',
} as const;

test.describe('sub-home and video (issue 10)', () => {
  test('issue 10 SH-11 /subIndex shows the product priced by the server, the tab kept in loanTabType, three languages, axe-clean', async ({
    page,
  }) => {
    await loginThroughApiInBrowser(page);
    await page.goto('/subIndex');
    await expect(page.getByTestId('placeholder-subIndex')).toHaveCount(0);
    // the default tab (loanTabType 2): the product's range and a fully priced example per term
    await expect(page.getByTestId('offers-tab-products')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('offers-range')).toContainText('₱1,000.00');
    await expect(page.getByTestId('offers-range')).toContainText('₱10,000.00');
    await expect(page.getByTestId('offers-example-summary')).toContainText('₱10,000.00 for 14 days');
    await expect(page.getByTestId('cost-principal')).toHaveText('₱10,000.00');
    const receive14 = await page.getByTestId('cost-netProceeds').innerText();
    await page.getByTestId('offers-term-30').click();
    await expect(page.getByTestId('offers-example-summary')).toContainText('30 days');
    await expect(page.getByTestId('cost-netProceeds')).not.toHaveText(receive14);
    // not approved yet: the way on is the application
    await expect(page.getByTestId('offers-apply')).toBeVisible();
    await expectAccessible(page);
    await expectNoRawKeys(page);
    await shot(page, 'sub-index-products');

    // the limit tab, remembered in the core store (SH-11) across a reload
    await page.getByTestId('offers-tab-limit').click();
    await expect(page.getByTestId('offers-limit-value')).toHaveText('Not approved yet');
    await page.reload();
    await expect(page.getByTestId('offers-tab-limit')).toHaveAttribute('aria-selected', 'true');
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('coCore') ?? '{}').state.loanTabType),
    ).toBe(1);
    await expectAccessible(page);

    for (const lang of ['fil', 'zh-CN'] as const) {
      await setLanguage(page, lang);
      await page.goto('/subIndex');
      await expect(page.getByTestId('page-title')).toHaveText(OFFERS[lang].title);
      await expect(page.getByTestId('offers-tab-limit')).toHaveText(OFFERS[lang].limit);
      await page.getByTestId('offers-tab-products').click();
      await expect(page.getByTestId('offers-tab-products')).toHaveText(OFFERS[lang].products);
      await expect(page.getByTestId('cost-principal')).toHaveText('₱10,000.00');
      await expectNoRawKeys(page);
      await expectAccessible(page);
      await shot(page, `sub-index-products-${lang}`);
    }
  });

  test('issue 10 SH-15 an approved borrower sees their limit and the ladder on /subIndex and can go withdraw', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await applyThroughApi(page, { expect: 'Can be withdrawn' });
    await page.goto('/subIndex');
    await page.getByTestId('offers-tab-limit').click();
    await expect(page.getByTestId('offers-limit-value')).toHaveText(/^₱[\d,]+\.\d{2}$/);
    await expect(page.getByTestId('offers-ladder').locator('[aria-current="step"]')).toHaveCount(1);
    await expectAccessible(page);
    await shot(page, 'sub-index-limit');
    await page.getByTestId('offers-withdraw').click();
    await expect(page).toHaveURL(/\/allWithdraw$/);
  });

  test('issue 10 issue 9 /my greets the borrower by first name (initial in the avatar, no phone digits), shows the limit and leads to the ladder', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await applyThroughApi(page, { expect: 'Can be withdrawn' });
    await page.goto('/my');
    await expect(page.getByTestId('my-hello')).toHaveText('Hello, Juan');
    await expect(page.getByTestId('my-avatar')).toHaveText('J');
    await expect(page.getByTestId('my-limit')).toHaveText(/^₱[\d,]+\.\d{2}$/);
    await expectAccessible(page);
    await shot(page, 'profile-my');
    await setLanguage(page, 'fil');
    await page.goto('/my');
    await expect(page.getByTestId('my-hello')).toHaveText('Kumusta, Juan');
    await expectNoRawKeys(page);
    await setLanguage(page, 'en-US');
    await page.goto('/my');
    await page.getByTestId('my-limit-link').click();
    await expect(page).toHaveURL(/\/subIndex/);
  });

  test('issue 10 /videoIndex plays the configured tutorial with a poster and captions per language, transcript below, axe-clean', async ({
    page,
  }) => {
    await loginThroughApiInBrowser(page);
    const config = await (await page.request.get('/api/config/public')).json();
    expect(config.attribution).toBeNull(); // SH-16: no attribution SDK outside production
    // SH-16: no third-party script is ever requested in the sandbox
    const thirdParty: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(new URL(page.url()).origin) && !r.url().startsWith('data:'))
        thirdParty.push(r.url());
    });

    await page.goto('/videoIndex');
    await expect(page.getByTestId('placeholder-videoIndex')).toHaveCount(0);
    const video = page.getByTestId('tutorial-video');
    await expect(video).toHaveAttribute('poster', config.tutorial.posterUrl);
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAttribute('playsinline', '');
    await expect(video.locator('source')).toHaveAttribute('src', config.tutorial.videoUrl);
    const tracks = video.locator('track[kind="captions"]');
    await expect(tracks).toHaveCount(3);
    expect(await tracks.evaluateAll((els) => els.map((e) => e.getAttribute('srclang')))).toEqual([
      'en-US',
      'fil',
      'zh-CN',
    ]);
    await expect(video.locator('track[default]')).toHaveAttribute('srclang', 'en-US');
    await expect(page.getByTestId('tutorial-transcript').locator('li').first()).toContainText(
      FIRST_CAPTION['en-US'],
    );
    // the files the player needs are served, with the right types
    for (const [url, type] of [
      [config.tutorial.videoUrl, 'video/mp4'],
      [config.tutorial.posterUrl, 'image/jpeg'],
      [config.tutorial.captions['fil'], 'text/vtt'],
    ] as const) {
      const res = await page.request.get(url);
      expect(res.status(), url).toBe(200);
      expect(res.headers()['content-type'], url).toContain(type);
    }
    // the browser reads the default track's cues (the captions the player shows)
    await expect
      .poll(() =>
        video.evaluate((v: HTMLVideoElement) => {
          const track = [...v.textTracks].find((t) => t.mode === 'showing');
          return track ? `${track.language}:${track.cues?.length ?? 0}` : 'none';
        }),
      )
      .toBe('en-US:6');
    await expectAccessible(page);
    await expectNoRawKeys(page);
    await shot(page, 'video-index');

    for (const lang of ['fil', 'zh-CN'] as const) {
      await setLanguage(page, lang);
      await page.goto('/videoIndex');
      await expect(page.getByTestId('tutorial-video').locator('track[default]')).toHaveAttribute(
        'srclang',
        lang,
      );
      await expect(page.getByTestId('tutorial-transcript').locator('li').first()).toContainText(
        FIRST_CAPTION[lang],
      );
      await expect(page.getByRole('heading', { name: OFFERS[lang].transcript })).toBeVisible();
      await expectNoRawKeys(page);
      await expectAccessible(page);
      await shot(page, `video-index-${lang}`);
    }
    expect(thirdParty).toEqual([]);
  });

  test('issue 10 /videoIndex with no video configured shows the poster and the transcript, axe-clean', async ({
    page,
  }) => {
    await loginThroughApiInBrowser(page);
    // a deployment with TUTORIAL_VIDEO_URL empty: the server's configuration, video removed
    await page.route('**/api/config/public', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({
        response: res,
        json: { ...body, tutorial: { ...body.tutorial, videoUrl: null } },
      });
    });
    await page.goto('/videoIndex');
    await expect(page.getByTestId('tutorial-video')).toHaveCount(0);
    await expect(page.getByTestId('tutorial-poster')).toHaveAttribute('src', '/tutorial/how-to-borrow.jpg');
    await expect(page.getByTestId('tutorial-no-video')).toBeVisible();
    await expect(page.getByTestId('tutorial-transcript').locator('li')).toHaveCount(6);
    await expectAccessible(page);
  });
});
