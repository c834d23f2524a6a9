/** VAL-11: feedback of at least 10 characters (counted after trimming), at most 2,000. No zod here: pages import it. */
export const FEEDBACK_MIN_LENGTH = 10;
export const FEEDBACK_MAX_LENGTH = 2_000;
