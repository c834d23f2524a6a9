import { forgetUsedTotpSteps } from './console.ts';

/** Once per run, before any worker starts (playwright.config.ts `globalSetup`). */
export default function globalSetup(): void {
  forgetUsedTotpSteps();
}
