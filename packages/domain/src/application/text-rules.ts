import { z } from 'zod';

/**
 * VAL-13 "no-chinese": Chinese characters are stripped from inputs. Han ideographs and the CJK
 * punctuation and full-width forms that come with a Chinese keyboard are removed.
 */
const CHINESE = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/gu;
export function stripChinese(input: string): string {
  return input.replace(CHINESE, '');
}

/** Control characters are never stored (PostgreSQL refuses NUL; nothing legitimate needs them). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Every free-text field: strip Chinese (VAL-13) and control characters, trim, collapse spaces. */
export function cleanText(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  return stripChinese(input).replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/** A string field that is cleaned before it is checked. `code` is the error code on failure. */
export function text(code: string, check: (value: string) => boolean, options: { max?: number } = {}) {
  const max = options.max ?? 200;
  // One check, so a bad field reports one issue (zod keeps running checks after a failed `min`).
  return z.preprocess(
    cleanText,
    z.string({ error: code }).refine((s) => s.length >= 1 && s.length <= max && check(s), { error: code }),
  );
}

/** The same, but the field may be left empty (empty becomes undefined). */
export function optionalText(
  code: string,
  check: (value: string) => boolean,
  options: { max?: number } = {},
) {
  return z.preprocess(
    (v) => {
      const cleaned = cleanText(v);
      return cleaned === '' || cleaned === null ? undefined : cleaned;
    },
    text(code, check, options).optional(),
  );
}

/** VAL-09 names: letters (with ñ and accents), spaces, hyphens, apostrophes and periods. */
export const NAME_PATTERN = /^[\p{L}][\p{L}\p{M} .'-]*$/u;
export const isName = (s: string) => NAME_PATTERN.test(s) && s.length <= 50;

/** VAL-03 e-wallet account: 11 digits starting 09, or 10 digits starting 9. */
export const EWALLET_PATTERN = /^(09\d{9}|9\d{9})$/;
/** VAL-10 WhatsApp: starts with 09 (11 digits). */
export const WHATSAPP_PATTERN = /^09\d{9}$/;
/** Viber is tied to a mobile number: 09XXXXXXXXX or 9XXXXXXXXX. */
export const VIBER_PATTERN = /^(09\d{9}|9\d{9})$/;
/** Facebook usernames: 5–50 letters, digits and periods. */
export const FACEBOOK_PATTERN = /^[A-Za-z0-9.]{5,50}$/;
/** Company phone: a landline with area code (7–10 digits) or a mobile (09 + 9 digits). */
export const COMPANY_PHONE_PATTERN = /^(0\d{6,9}|09\d{9}|\d{7,8})$/;
/** Bank account numbers in the Philippines run 10 to 16 digits. */
export const BANK_ACCOUNT_PATTERN = /^\d{10,16}$/;

export function digitsOnly(input: unknown): unknown {
  return typeof input === 'string' ? input.replace(/[\s\-()+.]/g, '') : input;
}
