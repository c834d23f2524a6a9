import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Browser journeys against the real server (built web app + API on one port, PGlite, sandbox
// providers) in the machine's Chromium: Playwright never downloads a browser here.
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = mkdtempSync(path.join(tmpdir(), 'pisonow-e2e-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = {
  executablePath: chromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
    // Chromium 156 preloads the omnibox popup's WebUI (two chrome:// pages in a renderer of their
    // own) while the first page loads: seconds of CPU on a 2-core machine, taken from the page under
    // test. Playwright merges this with its own --disable-features list (tools/lighthouse.mjs too).
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
  ],
};

/**
 * E2E_SET=ci is the CI-sized run (.ci/run; 8–12 minutes on 2 cores): sign-in, the shell, the
 * clarity items, the application, withdrawal, servicing and the accessibility sweep of every route
 * on the iPhone, and the console's sign-in, audit and bundle split with the desktop column on
 * desktop. `npm run test:e2e` runs every journey (about 25 minutes), before a release and whenever a
 * journey's feature changes.
 */
const ciSet = process.env.E2E_SET === 'ci';
const CI_IPHONE = /(login|shell|clarity|application|withdrawal|servicing|a11y)\.spec\.ts/;
const CI_DESKTOP = /(desktop|console)\.spec\.ts/;

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/results.json' }]] : [['list']],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'iphone',
      use: { ...devices['iPhone 13'], browserName: 'chromium', launchOptions },
      testIgnore: /(desktop|console[\w-]*)\.spec\.ts/,
      ...(ciSet ? { testMatch: CI_IPHONE } : {}),
    },
    // the accessibility sweep runs in both projects (every route × iPhone and desktop)
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], browserName: 'chromium', launchOptions },
      testMatch: ciSet ? CI_DESKTOP : /(desktop|a11y|console[\w-]*)\.spec\.ts/,
    },
  ],
  webServer: {
    // the production bundle `npm run build` made (apps/api/build.ts), as `npm start` runs it
    command: 'node ../apps/api/dist/server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SANDBOX: '1',
      LOG_LEVEL: 'warn',
      // The whole suite logs in from 127.0.0.1; the per-prefix rule is what the captcha test trips.
      CAPTCHA_IP_SENDS_PER_HOUR: '1000',
      CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '3',
      CAPTCHA_TOTAL_SENDS_PER_HOUR: '100000',
      LOGIN_IP_FAILURES: '1000',
      DATABASE_URL: '',
    },
  },
});
