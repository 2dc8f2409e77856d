/** Where to go after logging in: the `redirect` query when it is a path of this app, else the map. */
export function redirectTarget(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  if (redirect.startsWith('/login') || redirect.startsWith('/signup')) return '/';
  return redirect;
}
