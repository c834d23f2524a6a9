import type { Locale } from './locale.ts';
import { translate } from './catalogue/index.ts';

/**
 * The one table of error codes (ER-02). The server answers `{ code, message }` with the message in
 * the request's language; the web maps the same code through the same table, so a message can never
 * differ between the two. Codes are stable: clients and tests match on them, never on text.
 */
export const ERROR_CODES = {
  // transport and generic
  NETWORK: { status: 0, catalogue: true },
  VALIDATION_FAILED: { status: 400, catalogue: false },
  UNAUTHENTICATED: { status: 401, catalogue: false },
  FORBIDDEN: { status: 403, catalogue: false },
  NOT_FOUND: { status: 404, catalogue: false },
  PAYLOAD_TOO_LARGE: { status: 413, catalogue: false },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, catalogue: false },
  IDEMPOTENCY_KEY_MISSING: { status: 400, catalogue: false },
  IDEMPOTENCY_KEY_REUSED: { status: 422, catalogue: false },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, catalogue: false },
  RATE_LIMITED: { status: 429, catalogue: false },
  INTERNAL: { status: 500, catalogue: false },
  // login (VAL-01, VAL-02, VAL-12, BE-02)
  PHONE_INVALID: { status: 400, catalogue: false },
  OTP_FORMAT: { status: 400, catalogue: false },
  OTP_INCORRECT: { status: 400, catalogue: true },
  SMS_TOO_FREQUENT: { status: 429, catalogue: true },
  SMS_DAILY_LIMIT: { status: 429, catalogue: true },
  SECURITY_LOCK: { status: 429, catalogue: true },
  CAPTCHA_REQUIRED: { status: 428, catalogue: true },
  CAPTCHA_INCORRECT: { status: 400, catalogue: false },
  PRIVACY_NOT_AGREED: { status: 400, catalogue: false },
  PRIVACY_POLICY_OUTDATED: { status: 409, catalogue: false },
  SMS_SEND_FAILED: { status: 502, catalogue: false },
  // application (KYC): VAL-03 … VAL-10, EN-10, BE-03
  REQUIRED: { status: 400, catalogue: false },
  PHONE_REQUIRED: { status: 400, catalogue: false },
  NAME_INVALID: { status: 400, catalogue: false },
  BIRTH_DATE_INVALID: { status: 400, catalogue: false },
  AGE_INVALID: { status: 400, catalogue: false },
  ID_TYPE_REQUIRED: { status: 400, catalogue: false },
  ID_NUMBER_INVALID: { status: 400, catalogue: false },
  AADHAAR_INVALID: { status: 400, catalogue: false },
  PAN_INVALID: { status: 400, catalogue: false },
  PHOTO_REQUIRED: { status: 400, catalogue: false },
  EMAIL_INVALID: { status: 400, catalogue: false },
  WHATSAPP_INVALID: { status: 400, catalogue: false },
  VIBER_INVALID: { status: 400, catalogue: false },
  FACEBOOK_INVALID: { status: 400, catalogue: false },
  ADDRESS_INVALID: { status: 400, catalogue: false },
  POSTAL_CODE_INVALID: { status: 400, catalogue: false },
  CONTACTS_REQUIRED: { status: 400, catalogue: false },
  CONTACT_DUPLICATE: { status: 400, catalogue: false },
  CONTACT_IS_SELF: { status: 400, catalogue: false },
  CONTACTS_CONSENT_REQUIRED: { status: 400, catalogue: false },
  CONTACTS_NOTICE_OUTDATED: { status: 409, catalogue: false },
  EMPLOYMENT_TYPE_REQUIRED: { status: 400, catalogue: false },
  COMPANY_NAME_INVALID: { status: 400, catalogue: false },
  COMPANY_PHONE_INVALID: { status: 400, catalogue: false },
  COMPANY_ADDRESS_INVALID: { status: 400, catalogue: false },
  SCHOOL_INVALID: { status: 400, catalogue: false },
  DATE_INVALID: { status: 400, catalogue: false },
  PAYDAY_INVALID: { status: 400, catalogue: false },
  EWALLET_INVALID: { status: 400, catalogue: false },
  BANK_ACCOUNT_INVALID: { status: 400, catalogue: false },
  BANK_INFO_MISMATCH: { status: 400, catalogue: false },
  PAYOUT_UNCHANGED: { status: 400, catalogue: false },
  STEP_INCOMPLETE: { status: 422, catalogue: false },
  APPLICATION_NOT_EDITABLE: { status: 409, catalogue: false },
  UPLOAD_GRANT_EXPIRED: { status: 403, catalogue: false },
  IMAGE_INVALID: { status: 422, catalogue: false },
  // lending (issue 4)
  PRODUCT_BREACHES_CAPS: { status: 422, catalogue: false },
  AGREEMENTS_REQUIRED: { status: 400, catalogue: false },
  SIGNATURE_REQUIRED: { status: 400, catalogue: false },
  AMOUNT_NOT_OFFERED: { status: 400, catalogue: false },
  APPLICATION_NOT_APPROVED: { status: 409, catalogue: false },
  PAYOUT_NOT_FAILED: { status: 409, catalogue: false },
  // servicing (issue 7): repayment, extension, bank change
  ORDER_STATE_CONFLICT: { status: 409, catalogue: false },
  PRICE_CHANGED: { status: 409, catalogue: false },
  NOTHING_TO_REPAY: { status: 409, catalogue: false },
  EXTENSION_NOT_ALLOWED: { status: 409, catalogue: false },
  REPAYMENT_CHANNEL_UNAVAILABLE: { status: 400, catalogue: false },
  /** BE-05 VAL-15: no new e-wallet checkout in the Manila day's last 15 minutes (it would outlive the day) */
  EWALLET_PAUSED_BEFORE_MIDNIGHT: { status: 409, catalogue: false },
  /** the partner takes payments only between its limits (7-Eleven: ₱50 to ₱50,000): another way to pay */
  REPAYMENT_CHANNEL_AMOUNT: { status: 422, catalogue: false },
  COLLECTION_FAILED: { status: 502, catalogue: false },
  BANK_CHANGE_NOT_ALLOWED: { status: 403, catalogue: false },
  // statements (BE-12): a clearance letter only for a loan paid in full
  LOAN_NOT_SETTLED: { status: 409, catalogue: false },
  // AML (BE-14): a possible list match waits for a person; the message never says why (no tipping off)
  AML_REVIEW_PENDING: { status: 409, catalogue: false },
  // credit bureau (BE-13): the monthly file
  CREDIT_REPORT_MONTH_OPEN: { status: 409, catalogue: false },
  CREDIT_REPORT_INVALID: { status: 422, catalogue: false },
  CREDIT_REPORT_ALREADY_SUBMITTED: { status: 409, catalogue: false },
  // suspicious-transaction cases (BE-14)
  STR_CASE_NOT_OPEN: { status: 409, catalogue: false },
  STR_TRANSACTION_UNKNOWN: { status: 400, catalogue: false },
  // write-off and month-end (BE-15)
  WRITE_OFF_NOT_ELIGIBLE: { status: 409, catalogue: false },
  HARDSHIP_NOT_ELIGIBLE: { status: 409, catalogue: false },
  PERIOD_CLOSED: { status: 409, catalogue: false },
  PERIOD_NOT_ENDED: { status: 409, catalogue: false },
  PERIOD_OUT_OF_ORDER: { status: 409, catalogue: false },
  // payment disputes (BE-10)
  DISPUTE_REFERENCE_INVALID: { status: 400, catalogue: false },
  DISPUTE_DATE_INVALID: { status: 400, catalogue: false },
  DISPUTE_RECEIPT_REQUIRED: { status: 400, catalogue: false },
  DISPUTE_NOT_ALLOWED: { status: 409, catalogue: false },
  DISPUTE_ALREADY_OPEN: { status: 409, catalogue: false },
  DISPUTE_ALREADY_RESOLVED: { status: 409, catalogue: false },
  // engagement (issue 10): Easy Re-loan (ST-08, VAL-12)
  EASY_RELOAN_AGREEMENT_REQUIRED: { status: 400, catalogue: false },
  EASY_RELOAN_CLOSE_BLOCKED: { status: 409, catalogue: false },
  // support (VAL-11)
  FEEDBACK_TOO_SHORT: { status: 400, catalogue: false },
  // complaints (BE-11)
  COMPLAINT_CLOSED: { status: 409, catalogue: false },
  // operator console (issue 11)
  CONSOLE_SIGN_IN_FAILED: { status: 401, catalogue: false },
  CONSOLE_LOCKED: { status: 429, catalogue: false },
  CSRF_INVALID: { status: 403, catalogue: false },
  // console money operations (issue 11): cancellation (CO-05), suspense, waivers, maker-checker
  CANCELLATION_WINDOW_PASSED: { status: 409, catalogue: false },
  CANCELLATION_AMOUNT_MISMATCH: { status: 409, catalogue: false },
  SUSPENSE_CANNOT_APPLY: { status: 409, catalogue: false },
  SUSPENSE_ALREADY_RESOLVED: { status: 409, catalogue: false },
  WAIVER_EXCEEDS_CHARGES: { status: 409, catalogue: false },
  PAYOUT_REVERSAL_NOT_HELD: { status: 409, catalogue: false },
  PAYOUT_REVERSAL_CANNOT_UNWIND: { status: 409, catalogue: false },
  PAYOUT_REVERSAL_PAYMENTS_MISMATCH: { status: 409, catalogue: false },
  PAYOUT_REVERSAL_DISPUTE_OPEN: { status: 409, catalogue: false },
  REFUND_ALREADY_EXECUTED: { status: 409, catalogue: false },
  REFUND_NO_CURRENT_ACCOUNT: { status: 409, catalogue: false },
  REFUND_NOT_EXECUTED: { status: 409, catalogue: false },
  // BE-05: only a refund to a payer who is no borrower, not sent, goes back to suspense
  REFUND_NOT_CANCELLABLE: { status: 409, catalogue: false },
  REFUND_CANCELLED: { status: 409, catalogue: false },
  // BE-05 BE-14: a refund to a payer whose name may be on the designated-persons list is not sent
  PAYEE_SANCTIONS_MATCH: { status: 409, catalogue: false },
  // BE-05: money naming no borrower, assigned to one
  UNMATCHED_BORROWER_NOT_FOUND: { status: 404, catalogue: false },
  UNMATCHED_LOAN_NOT_FOUND: { status: 404, catalogue: false },
  UNMATCHED_ALREADY_RESOLVED: { status: 409, catalogue: false },
  UNMATCHED_HELD_MONEY_RESOLVED: { status: 409, catalogue: false },
  APPROVAL_SAME_OPERATOR: { status: 403, catalogue: false },
  APPROVAL_NOT_PENDING: { status: 409, catalogue: false },
  REVIEW_CASE_DECIDED: { status: 409, catalogue: false },
  REVIEW_CASE_STALE: { status: 409, catalogue: false },
  // product changes (CO-06): drafted on a version that is no longer the active one
  PRODUCT_CHANGE_STALE: { status: 409, catalogue: false },
  REVIEW_LIMIT_NOT_ALLOWED: { status: 422, catalogue: false },
  CONTACT_OUTSIDE_HOURS: { status: 422, catalogue: false },
  APPLICATIONS_PAUSED: { status: 503, catalogue: true },
  // later issues (catalogue of section 8; each gets its real condition in its issue)
  PHOTO_RETAKE: { status: 422, catalogue: true },
  FACE_FAILED: { status: 422, catalogue: true },
  BANK_CARD_INCORRECT: { status: 422, catalogue: true },
  AUTH_INFO_PROBLEM: { status: 422, catalogue: true },
  WALLET_INVALID: { status: 422, catalogue: true },
  DISBURSEMENT_FAILED: { status: 422, catalogue: true },
  IDENTITY_FAILED: { status: 422, catalogue: true },
  OUTSTANDING_REPAYMENT: { status: 409, catalogue: true },
  TRY_TOMORROW: { status: 429, catalogue: true },
  RESUBMISSION_DATE: { status: 409, catalogue: true },
  BANK_CHANGE_MAINTENANCE: { status: 503, catalogue: true },
  COUPON_UNAVAILABLE: { status: 422, catalogue: true },
  ANDROID_UNSUPPORTED: { status: 403, catalogue: true },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function httpStatusFor(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}

/** A message's placeholders; a number `count` picks the plural form ("1 minute" / "5 minutes"). */
export type ErrorParams = Record<string, string | number>;

/**
 * The message for a code in a locale, with `{{name}}` placeholders filled from params: the catalogue's
 * `errors` namespace (catalogue/<locale>/errors.json, issue 10). A language not loaded yet reads
 * English (the web app loads a language's namespaces before showing a page in it).
 */
export function errorMessage(code: ErrorCode, locale: Locale, params: ErrorParams = {}): string {
  return translate(locale, `errors:${code}`, params);
}

/** The body of every error response. `details` carries field-level codes for forms. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  details?: { field: string; code: string; message: string }[];
  retryAfterSeconds?: number;
}
