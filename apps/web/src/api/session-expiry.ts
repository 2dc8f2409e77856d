/**
 * Sending the user to the login page: right away after a 401, or when the session's life time
 * (the token-life-time header, in seconds) runs out.
 */
const APP_BASE = '/app';
/** setTimeout cannot wait longer than this (about 24.8 days); longer sessions are re-armed by later responses. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

let expiryTimer: ReturnType<typeof setTimeout> | undefined;

/** The current in-app path (without the /app base), which the login page returns to. */
export function currentAppPath(): string {
  const { pathname, search } = window.location;
  const inApp = pathname.startsWith(APP_BASE) ? pathname.slice(APP_BASE.length) : pathname;
  return (inApp || '/') + search;
}

/** The login page address that comes back to `returnPath` after logging in. */
export function loginPath(returnPath: string): string {
  return `/login?redirect=${encodeURIComponent(returnPath)}`;
}

export function redirectToLogin(): void {
  const path = currentAppPath();
  if (path.startsWith('/login') || path.startsWith('/signup')) return;
  window.location.assign(APP_BASE + loginPath(path));
}

export function scheduleSessionExpiry(lifeTimeSeconds: number): void {
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  const delayMs = lifeTimeSeconds * 1000;
  if (delayMs > MAX_TIMEOUT_MS) {
    expiryTimer = undefined;
    return;
  }
  expiryTimer = setTimeout(redirectToLogin, delayMs);
}

/** After a logout there is no session left to expire. */
export function cancelSessionExpiry(): void {
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  expiryTimer = undefined;
}
