import type { FullConfig } from '@playwright/test';
import { forgetUsedTotpSteps } from './console.ts';

/**
 * The journeys must not straddle Manila midnight: a day's figures change at 00:00 (the amount due,
 * overdue days), and a new e-wallet checkout is refused in the day's last 15 minutes (BE-05 VAL-15,
 * start-repayment.ts), which would fail a journey paying by GCash only when the suite happened to
 * run then. The server's clock (sandbox, BE-09) is moved past midnight first when it is that late.
 */
async function awayFromManilaMidnight(baseURL: string): Promise<void> {
  const read = await fetch(`${baseURL}/api/sandbox/clock`);
  if (!read.ok) throw new Error(`GET /api/sandbox/clock: ${read.status}`);
  const { now } = (await read.json()) as { now: string };
  const manila = new Date(Date.parse(now) + 8 * 3_600_000);
  const minutes = manila.getUTCHours() * 60 + manila.getUTCMinutes();
  if (minutes < 23 * 60 + 15) return;
  const moved = await fetch(`${baseURL}/api/sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceHours: 1 }),
  });
  if (!moved.ok) throw new Error(`POST /api/sandbox/clock: ${moved.status}`);
}

/** Once per run, before any worker starts, with the server up (playwright.config.ts `globalSetup`). */
export default async function globalSetup(config: FullConfig): Promise<void> {
  forgetUsedTotpSteps();
  const baseURL = config.projects[0]?.use.baseURL;
  if (baseURL) await awayFromManilaMidnight(baseURL);
}
