/** Password limits, apart from the strength estimator so forms can use them without its dictionaries. */
export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work of one hash; longer than any passphrase a person types. */
export const PASSWORD_MAX_LENGTH = 256;
/** zxcvbn's 0–4 scale; 3 is "safely unguessable" (about 10^8 guesses). */
export const PASSWORD_MIN_SCORE = 3;
