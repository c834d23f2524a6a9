/**
 * Philippine IDs mapped onto the number formats of section 3 (EN-10, requirements "Decisions").
 * Numbers are compared after removing spaces and dashes and upper-casing, since borrowers copy
 * them from cards that print them grouped (e.g. `CRN-0111-2345678-9`).
 */
export interface IdTypeRule {
  /** what the format is, for messages and docs */
  format: string;
  pattern: RegExp;
}

export const ID_TYPES = {
  philsys: { format: '16 digits (PhilSys Card Number)', pattern: /^\d{16}$/ },
  umid: { format: 'CRN + 12 digits', pattern: /^CRN\d{12}$/ },
  sss: { format: '10 digits', pattern: /^\d{10}$/ },
  tin: { format: '9 to 12 digits', pattern: /^\d{9,12}$/ },
  philhealth: { format: '12 digits', pattern: /^\d{12}$/ },
  pagibig: { format: '12 digits', pattern: /^\d{12}$/ },
  prc: { format: '7 digits', pattern: /^\d{7}$/ },
  postal: { format: 'PRN + 13 characters', pattern: /^PRN[0-9A-Z]{13}$/ },
  passport: { format: '9 letters or digits', pattern: /^[0-9A-Z]{9}$/ },
  driversLicense: { format: '11 letters or digits', pattern: /^[0-9A-Z]{11}$/ },
  votersId: { format: '22 or 23 letters or digits', pattern: /^[0-9A-Z]{22,23}$/ },
} as const satisfies Record<string, IdTypeRule>;

export type IdType = keyof typeof ID_TYPES;
export const ID_TYPE_CODES = Object.keys(ID_TYPES) as IdType[];

export function normalizeIdNumber(input: string): string {
  return input.replace(/[\s\-./]/g, '').toUpperCase();
}

export function isValidIdNumber(type: IdType, input: string): boolean {
  return ID_TYPES[type].pattern.test(normalizeIdNumber(input));
}

/** `CRN011123456789` → `•••••••••••6789`: what screens and logs show of an ID number. */
export function maskIdNumber(normalized: string): string {
  const visible = normalized.slice(-4);
  return `${'•'.repeat(Math.max(0, normalized.length - 4))}${visible}`;
}

/** VAL-05: optional alternative formats kept from the specification. */
export const AADHAAR_PATTERN = /^\d{12}$/;
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
