import { errorMessage, isErrorCode, type Locale } from '@pisonow/domain';

export interface ServerDetail {
  field: string;
  code: string;
  message?: string;
}

/**
 * The server's `details[]` (field paths such as `contacts.1.phone`) as react-hook-form errors: only
 * fields the form shows get one (the first code per field wins); the rest are left to the lead toast.
 */
export function serverFieldErrors(
  details: readonly ServerDetail[] | undefined,
  isFormField: (name: string) => boolean,
): { name: string; code: string }[] {
  const out: { name: string; code: string }[] = [];
  const seen = new Set<string>();
  for (const detail of details ?? []) {
    if (!detail.field || seen.has(detail.field) || !isFormField(detail.field)) continue;
    seen.add(detail.field);
    out.push({ name: detail.field, code: detail.code });
  }
  return out;
}

/** True when `name` (dotted path) points at a value inside `values` (arrays and nested objects too). */
export function hasPath(values: unknown, name: string): boolean {
  let node: unknown = values;
  for (const part of name.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * A field error's text in the user's language. Contract messages are error codes; anything else
 * (a zod default message) becomes the generic validation text, never raw English.
 */
export function fieldErrorText(code: string | undefined, locale: Locale): string | undefined {
  if (!code) return undefined;
  return errorMessage(isErrorCode(code) ? code : 'VALIDATION_FAILED', locale);
}
