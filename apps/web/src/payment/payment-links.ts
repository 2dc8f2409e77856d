/**
 * Where the payment pages send the user: a provider answers a URL to pay at (ours in test mode,
 * /app/payment/…?checkout=…, or the provider's own https page) and a path to come back to.
 */

/** The app's own base path (the router's basename, vite's `base`). */
const APP_BASE = '/app';

/**
 * The in-app path (without the /app base) of a URL of this app, for the router; null for any other
 * address (a provider's page), which the browser opens itself.
 */
export function appPathOf(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(origin).origin) return null;
  const { pathname, search } = parsed;
  if (pathname !== APP_BASE && !pathname.startsWith(`${APP_BASE}/`)) return null;
  return (pathname.slice(APP_BASE.length) || '/') + search;
}
