import type { Locale } from './locale.ts';

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

export type MessageTable = Record<ErrorCode, string>;

const en: MessageTable = {
  CANCELLATION_WINDOW_PASSED:
    'This loan can no longer be cancelled: cancellation is possible only within 24 hours of the money arriving.',
  CANCELLATION_AMOUNT_MISMATCH:
    'To cancel, the borrower must first return exactly the amount that was paid out.',
  SUSPENSE_CANNOT_APPLY:
    'This money cannot be applied to the loan as chosen; refund it or choose another way.',
  SUSPENSE_ALREADY_RESOLVED: 'This money has already been applied or refunded another way.',
  WAIVER_EXCEEDS_CHARGES: 'A waiver cannot be more than the late charge and penalty still owed.',
  APPROVAL_SAME_OPERATOR: 'A request must be approved by a different administrator than the one who made it.',
  APPROVAL_NOT_PENDING: 'This request has already been decided.',
  CONSOLE_SIGN_IN_FAILED: 'The e-mail, password or authenticator code is not correct.',
  CONSOLE_LOCKED: 'Too many failed sign-ins. This account is locked; try again in {minutes} minutes.',
  REVIEW_CASE_DECIDED: 'This review case has already been decided.',
  PRODUCT_CHANGE_STALE:
    'The active product version has changed since this draft was made; draft the change again on the new version.',
  REVIEW_CASE_STALE:
    'The borrower has changed the application since this case was opened; it is no longer open.',
  REVIEW_LIMIT_NOT_ALLOWED: 'The limit must be between {min} and {max}, the most the rules and caps allow.',
  CONTACT_OUTSIDE_HOURS:
    'Collection contact is allowed only between 6:00 AM and 10:00 PM Manila time (SEC MC 18 s.2019).',
  APPLICATIONS_PAUSED: 'We are not accepting new applications right now. Please try again later.',
  CSRF_INVALID: 'This request was refused (security token missing or wrong). Reload the page and try again.',
  AGREEMENTS_REQUIRED: 'Please agree to the loan agreement and the sanction letter before withdrawing.',
  SIGNATURE_REQUIRED: 'Please sign in the box to continue.',
  AMOUNT_NOT_OFFERED: 'Please choose an amount and term from the ones offered, within your credit limit.',
  APPLICATION_NOT_APPROVED: 'Your application is not approved yet.',
  PAYOUT_NOT_FAILED: 'This order does not need a new payout account.',
  ORDER_STATE_CONFLICT: 'This loan has changed in the meantime. Please refresh and try again.',
  PRICE_CHANGED:
    'The loan terms have changed since you read them. Please review the updated documents before signing.',
  NOTHING_TO_REPAY: 'There is nothing to pay on this loan right now.',
  EXTENSION_NOT_ALLOWED: 'This loan cannot be extended.',
  REPAYMENT_CHANNEL_UNAVAILABLE: 'This payment method is not available. Please choose another.',
  COLLECTION_FAILED: 'The payment could not be started. Please try again or choose another method.',
  BANK_CHANGE_NOT_ALLOWED: 'You can change your payout account after your first loan is fully repaid.',
  LOAN_NOT_SETTLED: 'A clearance letter is issued once the loan is paid in full.',
  AML_REVIEW_PENDING:
    'Your account needs a further check before a new loan. We will let you know when it is done.',
  CREDIT_REPORT_MONTH_OPEN: 'That month has not ended yet: a credit report is made after its last day.',
  CREDIT_REPORT_INVALID: 'The credit report failed its checks and was not kept.',
  CREDIT_REPORT_ALREADY_SUBMITTED: 'This credit report was already marked as sent.',
  STR_CASE_NOT_OPEN: 'This case is already decided: it was reported or closed without a report.',
  STR_TRANSACTION_UNKNOWN: 'A transaction chosen is not one of this borrower’s loans or repayments.',
  WRITE_OFF_NOT_ELIGIBLE:
    'Only a loan at least {days} days past due, with no payment dispute open and not written off already, can be written off.',
  HARDSHIP_NOT_ELIGIBLE:
    'A hardship plan is for a loan being repaid, not written off, with no payment dispute open, ending within {days} days.',
  PERIOD_CLOSED: 'That date is in an accounting period already closed: nothing can be posted there.',
  PERIOD_NOT_ENDED: 'That month has not ended yet: a month is closed after its last day.',
  PERIOD_OUT_OF_ORDER: 'Months are closed in order: close the month after the last one closed ({next}).',
  DISPUTE_REFERENCE_INVALID:
    'Enter the reference number on your receipt (4 to 40 letters, digits, spaces or dashes).',
  DISPUTE_DATE_INVALID:
    'Enter the date on your receipt: not in the future and not before your loan was sent.',
  DISPUTE_RECEIPT_REQUIRED: 'Add a photo of your receipt.',
  DISPUTE_NOT_ALLOWED: 'A payment can be reported only for a loan you are still paying.',
  DISPUTE_ALREADY_OPEN: 'We are already checking a payment you reported for this loan.',
  DISPUTE_ALREADY_RESOLVED: 'This payment report has already been resolved.',
  PRODUCT_BREACHES_CAPS: 'This product configuration would breach an SEC cap on interest, fees or penalties.',
  REQUIRED: 'This field is required.',
  PHONE_REQUIRED: 'The phone number cannot be empty.',
  NAME_INVALID: 'Name format error: use letters, spaces, hyphens or apostrophes only.',
  BIRTH_DATE_INVALID: 'Please enter a valid birth date.',
  AGE_INVALID: 'Age format error: you must be 18 to 70 years old to apply.',
  ID_TYPE_REQUIRED: 'Please choose your ID type.',
  ID_NUMBER_INVALID: 'The ID number does not match the format of this ID type.',
  AADHAAR_INVALID: 'Aadhaar number must be 12 digits.',
  PAN_INVALID: 'PAN must be 10 characters (5 letters, 4 digits, 1 letter).',
  PHOTO_REQUIRED: 'Please take the required photo.',
  EMAIL_INVALID: 'Email format error.',
  WHATSAPP_INVALID: 'WhatsApp number format error: 11 digits starting with 09.',
  VIBER_INVALID: 'Viber account format error: use your Viber mobile number.',
  FACEBOOK_INVALID: 'Facebook username format error: 5 to 50 letters, digits or periods.',
  ADDRESS_INVALID:
    'Address format error: choose your province, city and barangay and enter your street address.',
  POSTAL_CODE_INVALID: 'Postal code format error.',
  CONTACTS_REQUIRED: 'Please add three emergency contacts.',
  CONTACT_DUPLICATE: 'Two emergency contacts cannot share a number.',
  CONTACT_IS_SELF: 'An emergency contact cannot be your own registered number.',
  CONTACTS_CONSENT_REQUIRED: 'Please confirm the notice about your emergency contacts.',
  CONTACTS_NOTICE_OUTDATED:
    'The notice about your emergency contacts has been updated. Please read it again and confirm.',
  EMPLOYMENT_TYPE_REQUIRED: 'Please choose your employment type.',
  COMPANY_NAME_INVALID: 'Company name format error.',
  COMPANY_PHONE_INVALID: 'Company phone format error.',
  COMPANY_ADDRESS_INVALID: 'Company address format error.',
  SCHOOL_INVALID: 'Please enter your school.',
  DATE_INVALID: 'Please enter a valid date.',
  PAYDAY_INVALID: 'Payday must be a day of the month from 1 to 31.',
  EWALLET_INVALID: 'E-wallet account: 11 digits starting with 09, or 10 digits starting with 9.',
  BANK_ACCOUNT_INVALID: 'Bank account number must be 10 to 16 digits.',
  BANK_INFO_MISMATCH: 'Bank info does not match: the account numbers differ.',
  PAYOUT_UNCHANGED: 'The new payout account must differ from the current one.',
  STEP_INCOMPLETE: 'Please complete this step first: {step}.',
  APPLICATION_NOT_EDITABLE: 'Your application cannot be changed right now.',
  UPLOAD_GRANT_EXPIRED: 'The upload link has expired. Please take the photo again.',
  IMAGE_INVALID: 'This file is not a usable photo. Please take the photo again.',
  NETWORK: 'Network abnormal, please check your mobile data or Wi-Fi.',
  VALIDATION_FAILED: 'Some details are not valid. Please check and try again.',
  UNAUTHENTICATED: 'Please log in again.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  PAYLOAD_TOO_LARGE: 'The upload is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This type of content is not accepted.',
  IDEMPOTENCY_KEY_MISSING: 'The request is missing its Idempotency-Key.',
  IDEMPOTENCY_KEY_REUSED: 'This request key was already used for a different request.',
  IDEMPOTENCY_IN_PROGRESS: 'This request is already being processed.',
  RATE_LIMITED: 'Operation too frequent, please try again later.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  PHONE_INVALID: 'Please enter the exact phone number starting with 9.',
  OTP_FORMAT: 'Please enter the 4-digit verification code.',
  OTP_INCORRECT: 'Verification code incorrect, please re-enter it.',
  SMS_TOO_FREQUENT: 'Operation too frequent, please try again later.',
  SMS_DAILY_LIMIT: 'SMS limit reached, please try again tomorrow.',
  SECURITY_LOCK: 'Security mechanism triggered, please wait a while.',
  CAPTCHA_REQUIRED: 'Please enter the characters in the picture to continue.',
  CAPTCHA_INCORRECT: 'The characters do not match the picture. Please try again.',
  PRIVACY_NOT_AGREED: 'Please agree to the privacy policy to continue.',
  PRIVACY_POLICY_OUTDATED:
    'Our privacy policy has been updated. Please read the current version and agree to it to continue.',
  SMS_SEND_FAILED: 'We could not send the SMS. Please try again.',
  PHOTO_RETAKE: 'There is a problem with the photo, please retake it.',
  FACE_FAILED: 'Facial recognition failed, please retry.',
  BANK_CARD_INCORRECT: 'Bank card information is incorrect, please correct it before reapplying.',
  AUTH_INFO_PROBLEM:
    'There is a problem with your verification details, please correct them in the original application.',
  WALLET_INVALID: 'The wallet or bank information is invalid, money cannot be deposited.',
  DISBURSEMENT_FAILED: 'Disbursement failed.',
  IDENTITY_FAILED: 'Identity verification failed.',
  OUTSTANDING_REPAYMENT: 'You have an outstanding repayment.',
  TRY_TOMORROW: 'Please try again tomorrow.',
  RESUBMISSION_DATE: 'Resubmission allowed on {date}.',
  BANK_CHANGE_MAINTENANCE: 'The system is under maintenance for bank changes.',
  EASY_RELOAN_AGREEMENT_REQUIRED: 'Please read and agree to the Easy Re-loan Agreement first.',
  FEEDBACK_TOO_SHORT: 'Please write at least 10 characters.',
  COMPLAINT_CLOSED: 'This complaint is already resolved.',
  EASY_RELOAN_CLOSE_BLOCKED:
    'You used the Easy Re-loan voucher, so Easy Re-loan stays on until one automatic loan has been paid out.',
  COUPON_UNAVAILABLE:
    'Unavailable coupon: it can be used only once, because the required amount was not paid.',
  ANDROID_UNSUPPORTED: 'Android is not supported yet.',
};

/**
 * The messages by language. English is always here; Filipino and Chinese are registered by whoever
 * loads them (errors-all.ts for the server and the domain's index; the web app's language loader),
 * so a page downloads only the language it shows. Every table covers every code (locale.test.ts).
 */
export const ERROR_MESSAGES: Partial<Record<Locale, MessageTable>> & { 'en-US': MessageTable } = {
  'en-US': en,
};

export function registerErrorMessages(locale: Locale, table: MessageTable): void {
  ERROR_MESSAGES[locale] = table;
}

/**
 * The message for a code in a locale, with `{name}` placeholders filled from params. A language
 * not loaded yet reads English (the web app loads a language's tables before showing a page in it).
 */
export function errorMessage(code: ErrorCode, locale: Locale, params: Record<string, string> = {}): string {
  const template = (ERROR_MESSAGES[locale] ?? en)[code];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The body of every error response. `details` carries field-level codes for forms. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  details?: { field: string; code: string; message: string }[];
  retryAfterSeconds?: number;
}
