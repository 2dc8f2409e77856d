/** How long the account e-mails' links and the account's confirmations last. */

/** A sign-up's verification link (and one sent again) works for 48 hours. */
export const VERIFY_EMAIL_TOKEN_TTL_SECONDS = 48 * 3_600;
/** The link sent to a new address to confirm an e-mail change works for 48 hours. */
export const CHANGE_EMAIL_TOKEN_TTL_SECONDS = 48 * 3_600;
/** A password reset link works for 1 hour; a newer one makes the older ones void. */
export const RESET_PASSWORD_TOKEN_TTL_SECONDS = 3_600;
/** Once the user has typed their password again (POST /Clients/verify/password), the session may change the e-mail for 10 minutes. */
export const PASSWORD_CONFIRMATION_TTL_SECONDS = 10 * 60;
/** A session unused for this many days is over (SESSION_IDLE_DAYS), besides its absolute expiry. */
export const DEFAULT_SESSION_IDLE_DAYS = 14;

export type AccountTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

export const ACCOUNT_TOKEN_TTL_SECONDS: Readonly<Record<AccountTokenPurpose, number>> = {
  verify_email: VERIFY_EMAIL_TOKEN_TTL_SECONDS,
  change_email: CHANGE_EMAIL_TOKEN_TTL_SECONDS,
  reset_password: RESET_PASSWORD_TOKEN_TTL_SECONDS,
};
