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
  SMS_SEND_FAILED: { status: 502, catalogue: false },
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

type MessageTable = Record<ErrorCode, string>;

const en: MessageTable = {
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
  SMS_SEND_FAILED: 'We could not send the SMS. Please try again.',
  PHOTO_RETAKE: 'There is a problem with the photo, please retake it.',
  FACE_FAILED: 'Facial recognition failed, please retry.',
  BANK_CARD_INCORRECT: 'Bank card information is incorrect, please correct it before reapplying.',
  AUTH_INFO_PROBLEM: 'There is a problem with your verification details, please correct them in the original application.',
  WALLET_INVALID: 'The wallet or bank information is invalid, money cannot be deposited.',
  DISBURSEMENT_FAILED: 'Disbursement failed.',
  IDENTITY_FAILED: 'Identity verification failed.',
  OUTSTANDING_REPAYMENT: 'You have an outstanding repayment.',
  TRY_TOMORROW: 'Please try again tomorrow.',
  RESUBMISSION_DATE: 'Resubmission allowed on {date}.',
  BANK_CHANGE_MAINTENANCE: 'The system is under maintenance for bank changes.',
  COUPON_UNAVAILABLE: 'Unavailable coupon: it can be used only once, because the required amount was not paid.',
  ANDROID_UNSUPPORTED: 'Android is not supported yet.',
};

const fil: MessageTable = {
  NETWORK: 'May problema sa network, pakisuri ang iyong mobile data o Wi-Fi.',
  VALIDATION_FAILED: 'May mga detalyeng hindi tama. Pakisuri at subukang muli.',
  UNAUTHENTICATED: 'Mag-log in muli.',
  FORBIDDEN: 'Hindi ka pinapayagang gawin ito.',
  NOT_FOUND: 'Hindi nahanap.',
  PAYLOAD_TOO_LARGE: 'Masyadong malaki ang ina-upload.',
  UNSUPPORTED_MEDIA_TYPE: 'Hindi tinatanggap ang ganitong uri ng nilalaman.',
  IDEMPOTENCY_KEY_MISSING: 'Walang Idempotency-Key ang kahilingan.',
  IDEMPOTENCY_KEY_REUSED: 'Nagamit na ang key na ito sa ibang kahilingan.',
  IDEMPOTENCY_IN_PROGRESS: 'Pinoproseso pa ang kahilingang ito.',
  RATE_LIMITED: 'Masyadong madalas ang operasyon, subukang muli mamaya.',
  INTERNAL: 'May nangyaring mali sa aming panig. Pakisubukang muli.',
  PHONE_INVALID: 'Ilagay ang eksaktong numero ng telepono na nagsisimula sa 9.',
  OTP_FORMAT: 'Ilagay ang 4-digit na verification code.',
  OTP_INCORRECT: 'Mali ang verification code, pakilagay muli.',
  SMS_TOO_FREQUENT: 'Masyadong madalas ang operasyon, subukang muli mamaya.',
  SMS_DAILY_LIMIT: 'Naabot na ang limitasyon ng SMS, subukang muli bukas.',
  SECURITY_LOCK: 'Na-trigger ang mekanismo ng seguridad, pakihintay sandali.',
  CAPTCHA_REQUIRED: 'Ilagay ang mga karakter na nasa larawan para magpatuloy.',
  CAPTCHA_INCORRECT: 'Hindi tugma ang mga karakter sa larawan. Subukang muli.',
  PRIVACY_NOT_AGREED: 'Sumang-ayon sa patakaran sa privacy para magpatuloy.',
  SMS_SEND_FAILED: 'Hindi namin naipadala ang SMS. Pakisubukang muli.',
  PHOTO_RETAKE: 'May problema sa larawan, pakikuhanan muli.',
  FACE_FAILED: 'Nabigo ang pagkilala sa mukha, subukang muli.',
  BANK_CARD_INCORRECT: 'Mali ang impormasyon ng bank card, itama ito bago mag-apply muli.',
  AUTH_INFO_PROBLEM: 'May problema sa iyong mga detalye ng beripikasyon, itama ito sa orihinal na aplikasyon.',
  WALLET_INVALID: 'Hindi wasto ang impormasyon ng wallet o bangko, hindi maipapadala ang pera.',
  DISBURSEMENT_FAILED: 'Nabigo ang pagpapadala ng pera.',
  IDENTITY_FAILED: 'Nabigo ang beripikasyon ng pagkakakilanlan.',
  OUTSTANDING_REPAYMENT: 'Mayroon kang hindi pa nababayarang utang.',
  TRY_TOMORROW: 'Pakisubukang muli bukas.',
  RESUBMISSION_DATE: 'Maaaring magsumite muli sa {date}.',
  BANK_CHANGE_MAINTENANCE: 'Kasalukuyang nasa maintenance ang sistema para sa pagpapalit ng bangko.',
  COUPON_UNAVAILABLE: 'Hindi magagamit ang coupon: isang beses lang ito magagamit dahil hindi nabayaran ang kinakailangang halaga.',
  ANDROID_UNSUPPORTED: 'Hindi pa suportado ang Android.',
};

const zh: MessageTable = {
  NETWORK: '网络异常，请检查移动数据或 Wi-Fi。',
  VALIDATION_FAILED: '部分信息无效，请检查后重试。',
  UNAUTHENTICATED: '请重新登录。',
  FORBIDDEN: '您无权执行此操作。',
  NOT_FOUND: '未找到。',
  PAYLOAD_TOO_LARGE: '上传内容过大。',
  UNSUPPORTED_MEDIA_TYPE: '不支持此类型的内容。',
  IDEMPOTENCY_KEY_MISSING: '请求缺少 Idempotency-Key。',
  IDEMPOTENCY_KEY_REUSED: '该请求键已用于其他请求。',
  IDEMPOTENCY_IN_PROGRESS: '该请求正在处理中。',
  RATE_LIMITED: '操作过于频繁，请稍后再试。',
  INTERNAL: '系统出错，请重试。',
  PHONE_INVALID: '请输入以 9 开头的正确手机号码。',
  OTP_FORMAT: '请输入 4 位验证码。',
  OTP_INCORRECT: '验证码错误，请重新输入。',
  SMS_TOO_FREQUENT: '操作过于频繁，请稍后再试。',
  SMS_DAILY_LIMIT: '短信次数已达上限，请明天再试。',
  SECURITY_LOCK: '已触发安全机制，请稍候。',
  CAPTCHA_REQUIRED: '请输入图片中的字符以继续。',
  CAPTCHA_INCORRECT: '字符与图片不符，请重试。',
  PRIVACY_NOT_AGREED: '请先同意隐私政策。',
  SMS_SEND_FAILED: '短信发送失败，请重试。',
  PHOTO_RETAKE: '照片有问题，请重新拍摄。',
  FACE_FAILED: '人脸识别失败，请重试。',
  BANK_CARD_INCORRECT: '银行卡信息有误，请更正后重新申请。',
  AUTH_INFO_PROBLEM: '认证信息有问题，请在原申请中更正。',
  WALLET_INVALID: '钱包或银行信息无效，无法入账。',
  DISBURSEMENT_FAILED: '放款失败。',
  IDENTITY_FAILED: '身份验证失败。',
  OUTSTANDING_REPAYMENT: '您有未还清的借款。',
  TRY_TOMORROW: '请明天再试。',
  RESUBMISSION_DATE: '可于 {date} 重新提交。',
  BANK_CHANGE_MAINTENANCE: '银行变更功能维护中。',
  COUPON_UNAVAILABLE: '优惠券不可用：因未支付所需金额，仅可使用一次。',
  ANDROID_UNSUPPORTED: '暂不支持安卓设备。',
};

export const ERROR_MESSAGES: Record<Locale, MessageTable> = { 'en-US': en, fil, 'zh-CN': zh };

/** The message for a code in a locale, with `{name}` placeholders filled from params. */
export function errorMessage(code: ErrorCode, locale: Locale, params: Record<string, string> = {}): string {
  const template = ERROR_MESSAGES[locale][code];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The body of every error response. `details` carries field-level codes for forms. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  details?: { field: string; code: string; message: string }[];
  retryAfterSeconds?: number;
}
