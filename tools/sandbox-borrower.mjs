// What the measuring tools (npm run lighthouse, npm run bench:startup) share: the phone they
// pretend to be, and a borrower signed in through the sandbox SMS outbox (the way the browser suite
// logs in). Needs a server with SANDBOX=1.
import { randomInt } from 'node:crypto';

/**
 * How the measuring tools start Debian's Chromium (chrome-launcher): headless, no GPU, no sync.
 * Chromium 156 (.108 on Debian) preloads the omnibox popup's WebUI in a renderer of its own while
 * the page loads: ~3.5 s of main-thread work (4x CPU) on a 2-core machine, which slowed the measured
 * page and read as "Unattributable" long tasks. Puppeteer's own launcher turns these two off for the
 * same reason; a borrower's phone never runs them.
 */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/** the iPhone the prerendered /start is laid out for (apps/web/build/prerender-plugin.ts) */
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

async function json(base, path, init = {}) {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), ...init.headers },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${base}${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A new borrower's session on `base`: the login response plus the phone it was made for. */
export async function signInSandboxBorrower(base) {
  const phone = `9${randomInt(100_000_000, 999_999_999)}`;
  await json(base, '/api/auth/login-code', { method: 'POST', body: JSON.stringify({ phone }) });
  const outbox = await json(base, `/api/sandbox/outbox?phone=${phone}`);
  const code = /(\d{4})/.exec((outbox.messages[0]?.body ?? '').replace(/\[.*?\]|【.*?】/, ''))?.[1];
  const config = await json(base, '/api/config/public');
  const session = await json(base, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({
      phone,
      code,
      privacyAccepted: true,
      privacyPolicyVersion: config.privacyPolicyVersion,
    }),
  });
  return { ...session, phone };
}
