import { expect, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Filling the loan application through the real pages (shared by the application and withdrawal journeys). */
const here = path.dirname(fileURLToPath(import.meta.url));
const photos = path.resolve(here, '../../apps/api/src/test/fixtures/photos');
export const ID_CARD = path.join(photos, 'id-card-sharp.jpg');
export const SELFIE = path.join(photos, 'selfie-one-face.jpg');

/** Kept-alive step pages stay in the DOM (hidden): always address the visible one. */
export function visible(page: Page, testId: string): Locator {
  return page.locator(`[data-testid="${testId}"]:visible`);
}

export async function fill(page: Page, name: string, value: string) {
  await visible(page, `field-${name}`).fill(value);
}

/** `option-<code>` inside a chip group or a sheet; `*` is its first option. */
function optionIn(container: Locator, code: string): Locator {
  return code === '*'
    ? container.locator('[data-testid^="option-"]').first()
    : container.getByTestId(`option-${code}`);
}

/** A chip group or a bottom-sheet picker: `picker-<name>` then `option-<code>`. */
export async function choose(page: Page, name: string, code: string) {
  const picker = visible(page, `picker-${name}`);
  // Decided by what the picker is, not by whether its chips are there yet: counting chips raced
  // with their first render on a slow machine and then waited for a sheet that never opens.
  if ((await picker.getAttribute('role')) === 'radiogroup') {
    const chip = optionIn(picker, code);
    await expect(chip).toBeVisible();
    await chip.click();
    return;
  }
  await picker.click();
  const sheet = page.getByTestId(`sheet-${name}`);
  await expect(sheet).toBeVisible();
  await optionIn(sheet, code).click();
  await expect(sheet).toBeHidden();
}

export async function next(page: Page, to: RegExp) {
  await visible(page, 'step-next').click();
  await expect(page).toHaveURL(to);
}

export async function uploadPhoto(page: Page, kind: 'idCard' | 'selfie', file: string) {
  const uploaded = page.waitForResponse(
    (r) => /\/api\/photos\/uploads\//.test(r.url()) && r.request().method() === 'PUT',
  );
  await page.locator(`[data-testid="photo-input-${kind}"]`).first().setInputFiles(file);
  expect((await uploaded).ok()).toBe(true);
  await expect(page.getByTestId(`photo-preview-${kind}`)).toBeVisible();
}

/** A PhilSys number of this borrower's own: the decision rejects one ID number on two customers. */
export const philsysFor = (phone: string) =>
  `1234 ${phone.slice(0, 4)} ${phone.slice(4, 8)} ${phone.slice(8)}56`;

export async function identityStep(page: Page, phone: string) {
  await expect(visible(page, 'step-progress')).toContainText('Step 1 of 7');
  // BE-13 (RA 9510): told before anything is saved that loan data goes to the CIC
  await expect(visible(page, 'cic-notice')).toContainText('Credit Information Corporation');
  await choose(page, 'idType', 'philsys');
  await fill(page, 'idNumber', philsysFor(phone));
  await uploadPhoto(page, 'idCard', ID_CARD);
  await uploadPhoto(page, 'selfie', SELFIE);
  await fill(page, 'firstName', 'Juan');
  await fill(page, 'lastName', 'Dela Cruz');
  await fill(page, 'birthDate', '1990-05-15');
  await choose(page, 'gender', 'male');
  await next(page, /\/baseInfo$/);
}

export async function baseInfoStep(page: Page, email = 'juan.delacruz@example.com') {
  await expect(visible(page, 'step-progress')).toContainText('Step 2 of 7');
  await choose(page, 'maritalStatus', 'single');
  await choose(page, 'education', 'college');
  await fill(page, 'email', email);
  await choose(page, 'loanPurpose', 'dailyExpense');
  await next(page, /\/baseInfo2$/);
}

export async function restOfSteps(page: Page, phone: string, payoutAccount?: string) {
  // baseInfo2: optional, WhatsApp and Viber prefilled with the registered number
  await expect(visible(page, 'step-progress')).toContainText('Step 3 of 7');
  await expect(visible(page, 'field-whatsapp')).toHaveValue(`0${phone}`);
  await next(page, /\/addressInfo$/);

  await choose(page, 'provinceCode', '*');
  await choose(page, 'cityCode', '*');
  await choose(page, 'barangayCode', '*');
  await fill(page, 'postalCode', '1100');
  await fill(page, 'detailedAddress', '123 Rizal St., Phase 2');
  await next(page, /\/contact$/);

  // VAL-08: the borrower's own number is refused as an emergency contact
  const people = [
    ['Maria Dela Cruz', '9181110001', 'parents'],
    ['Pedro Santos', '9181110002', 'friends'],
    ['Ana Reyes', phone, 'siblings'],
  ] as const;
  for (const [i, [name, tel, relation]] of people.entries()) {
    await fill(page, `contacts.${i}.name`, name);
    await fill(page, `contacts.${i}.phone`, tel);
    await choose(page, `contacts.${i}.relationship`, relation);
  }
  await expect(visible(page, 'contacts-notice')).toContainText('never contact them to collect');
  await visible(page, 'field-consentAccepted').check();
  await visible(page, 'step-next').click();
  await expect(visible(page, 'error-contacts.2.phone')).toHaveText(
    'An emergency contact cannot be your own registered number.',
  );
  await fill(page, 'contacts.2.phone', '9181110003');
  await next(page, /\/workInfo$/);

  // EN-03: the fields follow the employment type
  await choose(page, 'employmentType', 'student');
  await expect(visible(page, 'field-school')).toBeVisible();
  await expect(visible(page, 'field-companyName')).toHaveCount(0);
  await choose(page, 'employmentType', 'contractWorker');
  await expect(visible(page, 'field-school')).toHaveCount(0);
  await choose(page, 'industry', 'bpoCallCenter');
  await choose(page, 'workYears', '1to3');
  await choose(page, 'monthlyIncome', '18001to25000');
  await choose(page, 'payCycle', 'biWeekly');
  await fill(page, 'payday', '15');
  await fill(page, 'companyName', 'Concentrix');
  await fill(page, 'companyPhone', '0281234567');
  await fill(page, 'companyAddress', '6750 Ayala Ave, Makati');
  await next(page, /\/bankInfo$/);

  // EN-05: e-wallet by default, account and payee prefilled; VAL-06 mismatch on the confirmation
  await choose(page, 'providerCode', 'GCASH');
  await expect(visible(page, 'field-account')).toHaveValue(`0${phone}`);
  await expect(visible(page, 'field-payeeFirstName')).toHaveValue('Juan');
  await fill(page, 'confirmAccount', '09999999999');
  await visible(page, 'step-next').click();
  await expect(visible(page, 'error-confirmAccount')).toHaveText(
    'Bank info does not match: the account numbers differ.',
  );
  // a chosen payout account (sandbox: one ending 0000 fails the payout)
  if (payoutAccount) await fill(page, 'account', payoutAccount);
  await fill(page, 'confirmAccount', payoutAccount ?? `0${phone}`);
  await next(page, /\/bankInfo\?review=1$/);
}
