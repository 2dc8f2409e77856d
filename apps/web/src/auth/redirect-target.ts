/** Pages that make no sense to come back to once logged in. */
const NOT_AFTER_LOGIN = ['/login', '/signup', '/forgotpassword', '/resetpassword'];

/** Where to go after logging in: the `redirect` query when it is a path of this app, else the map. */
export function redirectTarget(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  if (NOT_AFTER_LOGIN.some((path) => redirect.startsWith(path))) return '/';
  return redirect;
}
