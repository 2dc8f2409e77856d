/**
 * A browser sends its page's Origin with every WebSocket handshake, and cookies go with it: a
 * socket opened by another site's page would act with the user's session (cross-site WebSocket
 * hijacking). Only pages of this server are let in; clients that are not browsers send no Origin.
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(publicUrl).origin) return true;
  // Behind a proxy that keeps the Host header (and in development), the page's host is the request's.
  return host !== undefined && parsed.host === host.toLowerCase();
}
