import type { Locale } from '@pisonow/domain';
import { translate } from '@pisonow/domain/catalogue/all';

/**
 * The login SMS in the borrower's language (the catalogue's `sms:loginCode`). It repeats the fraud
 * warning (SH-17): impersonators ask for this code, and staff never do.
 */
export function loginCodeSms(
  locale: Locale,
  vars: { product: string; code: string; minutes: number },
): string {
  return translate(locale, 'sms:loginCode', { product: vars.product, code: vars.code, count: vars.minutes });
}
