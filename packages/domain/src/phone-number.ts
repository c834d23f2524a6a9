// Phone number rules without zod, so the login page can use them without the schema library.
/**
 * A Philippine mobile number as the borrower types it after the fixed +63 prefix:
 * exactly 10 digits, the first of which is 9 (VAL-01). Stored and sent in this national form.
 */
export const PHONE_PATTERN = /^9\d{9}$/;

/** Strips spaces, dashes and a leading +63 / 63 / 0 the borrower may have typed or pasted. */
export function normalizePhone(input: string): string {
  let digits = input.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+63')) digits = digits.slice(3);
  else if (digits.startsWith('63') && digits.length === 12) digits = digits.slice(2);
  else if (digits.startsWith('0') && digits.length === 11) digits = digits.slice(1);
  return digits;
}

export function isValidPhone(input: string): boolean {
  return PHONE_PATTERN.test(input);
}

/** `9171234567` → `+63 917 123 4567`, for display only. */
export function formatPhone(phone: string): string {
  if (!isValidPhone(phone)) return phone;
  return `+63 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
}

/** `9171234567` → `+63 917 *** 4567`: what logs and most screens show. */
export function maskPhone(phone: string): string {
  if (!isValidPhone(phone)) return '***';
  return `+63 ${phone.slice(0, 3)} *** ${phone.slice(6)}`;
}

/** The first six digits (network prefix + block): the unit for "unusual activity" counting. */
export function phonePrefix(phone: string): string {
  return phone.slice(0, 6);
}
