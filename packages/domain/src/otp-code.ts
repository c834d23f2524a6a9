/** VAL-02: the login code is exactly four digits (no zod here: the login page imports this). */
export const OTP_LENGTH = 4;
export const OTP_PATTERN = /^\d{4}$/;
