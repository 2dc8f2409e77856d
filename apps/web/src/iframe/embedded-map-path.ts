/** The embeddable map view's path (SPEC §2 /iframe/{accessId}), under the app's base /app. */
export const EMBEDDED_MAP_ROUTE = 'iframe/:accessId';

const EMBEDDED_MAP_PATH = /^\/app\/iframe\/[^/]+\/?$/;

/** Whether the page is the embeddable map view, which starts without the rest of the app. */
export function isEmbeddedMapPath(pathname: string): boolean {
  return EMBEDDED_MAP_PATH.test(pathname);
}
