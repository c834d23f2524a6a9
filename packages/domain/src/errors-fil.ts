import type { MessageTable } from './errors.ts';

/**
 * The error messages in Filipino (ER-02), apart from errors.ts so that the login page downloads only
 * the language it shows (issue 9): the server registers every language (errors-all.ts); the web
 * app registers this table when it loads the Filipino catalogues.
 */
export const fil: MessageTable = {
  CANCELLATION_WINDOW_PASSED:
    'Hindi na makakansela ang loan na ito: puwede lang magkansela sa loob ng 24 oras mula nang dumating ang pera.',
  CANCELLATION_AMOUNT_MISMATCH:
    'Para makansela, kailangan munang ibalik ng borrower ang eksaktong halagang ipinadala.',
  SUSPENSE_CANNOT_APPLY:
    'Hindi maiaaplay sa loan ang perang ito sa napiling paraan; i-refund ito o pumili ng ibang paraan.',
  SUSPENSE_ALREADY_RESOLVED: 'Naiaplay o na-refund na ang perang ito sa ibang paraan.',
  WAIVER_EXCEEDS_CHARGES: 'Hindi puwedeng lumampas ang waiver sa late charge at penalty na utang pa.',
  APPROVAL_SAME_OPERATOR: 'Ibang administrator ang dapat mag-apruba ng request, hindi ang gumawa nito.',
  APPROVAL_NOT_PENDING: 'Napagpasyahan na ang request na ito.',
  CONSOLE_SIGN_IN_FAILED: 'Mali ang e-mail, password o authenticator code.',
  CONSOLE_LOCKED:
    'Masyadong maraming bigong pag-sign in. Naka-lock ang account; subukang muli sa loob ng {minutes} minuto.',
  REVIEW_CASE_DECIDED: 'Napagpasyahan na ang kasong ito.',
  PRODUCT_CHANGE_STALE:
    'Nagbago na ang aktibong bersyon ng produkto mula nang gawin ang draft na ito; gumawa muli ng draft sa bagong bersyon.',
  REVIEW_CASE_STALE: 'Binago ng borrower ang aplikasyon mula nang buksan ang kasong ito; hindi na ito bukas.',
  REVIEW_LIMIT_NOT_ALLOWED:
    'Ang limit ay dapat nasa pagitan ng {min} at {max}, ang pinakamataas na pinapayagan ng mga patakaran.',
  CONTACT_OUTSIDE_HOURS:
    'Pinapayagan lamang ang pakikipag-ugnayan para sa paniningil mula 6:00 AM hanggang 10:00 PM oras ng Maynila.',
  APPLICATIONS_PAUSED: 'Hindi kami tumatanggap ng mga bagong aplikasyon sa ngayon. Pakisubukang muli mamaya.',
  CSRF_INVALID:
    'Tinanggihan ang request (wala o mali ang security token). I-reload ang page at subukang muli.',
  AGREEMENTS_REQUIRED: 'Sumang-ayon muna sa loan agreement at sanction letter bago mag-withdraw.',
  SIGNATURE_REQUIRED: 'Pumirma sa kahon para magpatuloy.',
  AMOUNT_NOT_OFFERED: 'Pumili ng halaga at termino mula sa mga inaalok, pasok sa iyong credit limit.',
  APPLICATION_NOT_APPROVED: 'Hindi pa aprubado ang iyong aplikasyon.',
  PAYOUT_NOT_FAILED: 'Hindi kailangan ng bagong payout account ang order na ito.',
  ORDER_STATE_CONFLICT: 'Nagbago ang loan na ito. Paki-refresh at subukang muli.',
  PRICE_CHANGED:
    'Nagbago ang mga tuntunin ng loan mula nang basahin mo. Pakibasa ang bagong mga dokumento bago pumirma.',
  NOTHING_TO_REPAY: 'Wala pang kailangang bayaran sa loan na ito ngayon.',
  EXTENSION_NOT_ALLOWED: 'Hindi puwedeng i-extend ang loan na ito.',
  REPAYMENT_CHANNEL_UNAVAILABLE: 'Hindi available ang paraan ng pagbabayad na ito. Pumili ng iba.',
  COLLECTION_FAILED: 'Hindi nasimulan ang pagbabayad. Subukang muli o pumili ng ibang paraan.',
  BANK_CHANGE_NOT_ALLOWED:
    'Mapapalitan mo ang payout account pagkatapos mong mabayaran nang buo ang una mong loan.',
  LOAN_NOT_SETTLED: 'Inilalabas ang clearance letter kapag buo nang nabayaran ang utang.',
  AML_REVIEW_PENDING:
    'Kailangan pa ng karagdagang pagsusuri sa iyong account bago ang bagong utang. Ipapaalam namin kapag tapos na.',
  CREDIT_REPORT_MONTH_OPEN:
    'Hindi pa tapos ang buwang iyon: ginagawa ang credit report pagkatapos ng huling araw nito.',
  CREDIT_REPORT_INVALID: 'Hindi pumasa sa mga pagsusuri ang credit report at hindi ito itinago.',
  CREDIT_REPORT_ALREADY_SUBMITTED: 'Naitala na bilang naipadala ang credit report na ito.',
  STR_CASE_NOT_OPEN: 'Napagpasyahan na ang kasong ito: naiulat na o isinara nang walang ulat.',
  STR_TRANSACTION_UNKNOWN: 'Ang napiling transaksyon ay hindi isa sa mga utang o bayad ng borrower na ito.',
  WRITE_OFF_NOT_ELIGIBLE:
    'Maisusulat-off lang ang loan na hindi bababa sa {days} araw na lampas sa due date, walang bukas na payment dispute, at hindi pa naisusulat-off.',
  HARDSHIP_NOT_ELIGIBLE:
    'Ang hardship plan ay para sa loan na binabayaran pa, hindi naisulat-off, walang bukas na payment dispute, at matatapos sa loob ng {days} araw.',
  PERIOD_CLOSED: 'Sarado na ang accounting period ng petsang iyon: wala nang maipo-post doon.',
  PERIOD_NOT_ENDED: 'Hindi pa tapos ang buwang iyon: isinasara ang buwan pagkatapos ng huling araw nito.',
  PERIOD_OUT_OF_ORDER:
    'Isinasara ang mga buwan nang sunod-sunod: isara ang buwan pagkatapos ng huling naisara ({next}).',
  DISPUTE_REFERENCE_INVALID:
    'Ilagay ang reference number sa resibo mo (4 hanggang 40 titik, numero, puwang o gitling).',
  DISPUTE_DATE_INVALID:
    'Ilagay ang petsa sa resibo mo: hindi sa hinaharap at hindi bago naipadala ang loan mo.',
  DISPUTE_RECEIPT_REQUIRED: 'Maglagay ng litrato ng resibo mo.',
  DISPUTE_NOT_ALLOWED: 'Maiuulat lang ang bayad para sa loan na binabayaran mo pa.',
  DISPUTE_ALREADY_OPEN: 'Sinusuri na namin ang bayad na iniulat mo para sa loan na ito.',
  COMPLAINT_CLOSED: 'Naresolba na ang reklamong ito.',
  DISPUTE_ALREADY_RESOLVED: 'Naresolba na ang ulat ng bayad na ito.',
  PRODUCT_BREACHES_CAPS: 'Lalabag ang configuration na ito sa SEC cap sa interes, bayarin o multa.',
  REQUIRED: 'Kailangan ang field na ito.',
  PHONE_REQUIRED: 'Hindi puwedeng walang laman ang numero ng telepono.',
  NAME_INVALID: 'Mali ang format ng pangalan: mga titik, espasyo, gitling o kudlit lamang.',
  BIRTH_DATE_INVALID: 'Maglagay ng wastong petsa ng kapanganakan.',
  AGE_INVALID: 'Mali ang edad: dapat 18 hanggang 70 taong gulang para mag-apply.',
  ID_TYPE_REQUIRED: 'Piliin ang uri ng iyong ID.',
  ID_NUMBER_INVALID: 'Hindi tugma ang numero ng ID sa format ng uri ng ID na ito.',
  AADHAAR_INVALID: 'Ang Aadhaar number ay dapat 12 digit.',
  PAN_INVALID: 'Ang PAN ay dapat 10 karakter (5 titik, 4 digit, 1 titik).',
  PHOTO_REQUIRED: 'Kunan ang kinakailangang larawan.',
  EMAIL_INVALID: 'Mali ang format ng email.',
  WHATSAPP_INVALID: 'Mali ang format ng WhatsApp: 11 digit na nagsisimula sa 09.',
  VIBER_INVALID: 'Mali ang format ng Viber: gamitin ang iyong Viber mobile number.',
  FACEBOOK_INVALID: 'Mali ang format ng Facebook username: 5 hanggang 50 titik, digit o tuldok.',
  ADDRESS_INVALID:
    'Mali ang format ng address: piliin ang probinsya, lungsod at barangay at ilagay ang iyong address.',
  POSTAL_CODE_INVALID: 'Mali ang format ng postal code.',
  CONTACTS_REQUIRED: 'Magdagdag ng tatlong emergency contact.',
  CONTACT_DUPLICATE: 'Hindi puwedeng magkapareho ang numero ng dalawang emergency contact.',
  CONTACT_IS_SELF: 'Hindi puwedeng ang sarili mong numero ang emergency contact.',
  CONTACTS_CONSENT_REQUIRED: 'Kumpirmahin ang abiso tungkol sa iyong mga emergency contact.',
  CONTACTS_NOTICE_OUTDATED:
    'Na-update ang abiso tungkol sa iyong mga emergency contact. Basahin itong muli at kumpirmahin.',
  EMPLOYMENT_TYPE_REQUIRED: 'Piliin ang uri ng iyong trabaho.',
  COMPANY_NAME_INVALID: 'Mali ang format ng pangalan ng kumpanya.',
  COMPANY_PHONE_INVALID: 'Mali ang format ng telepono ng kumpanya.',
  COMPANY_ADDRESS_INVALID: 'Mali ang format ng address ng kumpanya.',
  SCHOOL_INVALID: 'Ilagay ang iyong paaralan.',
  DATE_INVALID: 'Maglagay ng wastong petsa.',
  PAYDAY_INVALID: 'Ang araw ng sahod ay dapat mula 1 hanggang 31.',
  EWALLET_INVALID: 'E-wallet account: 11 digit na nagsisimula sa 09, o 10 digit na nagsisimula sa 9.',
  BANK_ACCOUNT_INVALID: 'Ang bank account number ay dapat 10 hanggang 16 digit.',
  BANK_INFO_MISMATCH: 'Hindi tugma ang impormasyon ng bangko: magkaiba ang mga account number.',
  PAYOUT_UNCHANGED: 'Ang bagong payout account ay dapat iba sa kasalukuyan.',
  STEP_INCOMPLETE: 'Kumpletuhin muna ang hakbang na ito: {step}.',
  APPLICATION_NOT_EDITABLE: 'Hindi mababago ang iyong aplikasyon sa ngayon.',
  UPLOAD_GRANT_EXPIRED: 'Nag-expire na ang upload link. Kunan muli ang larawan.',
  IMAGE_INVALID: 'Hindi magagamit na larawan ang file na ito. Kunan muli ang larawan.',
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
  PRIVACY_POLICY_OUTDATED:
    'Na-update ang aming patakaran sa privacy. Basahin ang kasalukuyang bersyon at sumang-ayon dito para magpatuloy.',
  SMS_SEND_FAILED: 'Hindi namin naipadala ang SMS. Pakisubukang muli.',
  PHOTO_RETAKE: 'May problema sa larawan, pakikuhanan muli.',
  FACE_FAILED: 'Nabigo ang pagkilala sa mukha, subukang muli.',
  BANK_CARD_INCORRECT: 'Mali ang impormasyon ng bank card, itama ito bago mag-apply muli.',
  AUTH_INFO_PROBLEM:
    'May problema sa iyong mga detalye ng beripikasyon, itama ito sa orihinal na aplikasyon.',
  WALLET_INVALID: 'Hindi wasto ang impormasyon ng wallet o bangko, hindi maipapadala ang pera.',
  DISBURSEMENT_FAILED: 'Nabigo ang pagpapadala ng pera.',
  IDENTITY_FAILED: 'Nabigo ang beripikasyon ng pagkakakilanlan.',
  OUTSTANDING_REPAYMENT: 'Mayroon kang hindi pa nababayarang utang.',
  TRY_TOMORROW: 'Pakisubukang muli bukas.',
  RESUBMISSION_DATE: 'Maaaring magsumite muli sa {date}.',
  BANK_CHANGE_MAINTENANCE: 'Kasalukuyang nasa maintenance ang sistema para sa pagpapalit ng bangko.',
  EASY_RELOAN_AGREEMENT_REQUIRED: 'Basahin at sumang-ayon muna sa Kasunduan sa Easy Re-loan.',
  FEEDBACK_TOO_SHORT: 'Sumulat ng hindi bababa sa 10 character.',
  EASY_RELOAN_CLOSE_BLOCKED:
    'Nagamit mo na ang voucher ng Easy Re-loan, kaya mananatili itong naka-on hanggang may isang awtomatikong loan na naipadala.',
  COUPON_UNAVAILABLE:
    'Hindi magagamit ang coupon: isang beses lang ito magagamit dahil hindi nabayaran ang kinakailangang halaga.',
  ANDROID_UNSUPPORTED: 'Hindi pa suportado ang Android.',
};
