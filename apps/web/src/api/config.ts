/** Public settings of the server the app talks to. */
import type { Country, Locale } from '@catchment/domain';
import { apiRequest } from './client.js';

export interface AppConfig {
  mapStyleUrl: string | null;
  publicUrl: string;
  database: string;
  /** The IP-location service a login asks for the session's approximate place; null: none (the language's fallback). */
  ipLocationUrl: string | null;
  /** The data countries whose analysis panel offers the points-of-interest tab (POI_TAB_COUNTRIES). */
  poiTabCountries: Country[];
}

export function fetchConfig(signal?: AbortSignal): Promise<AppConfig> {
  return apiRequest<AppConfig>('GET', '/config', undefined, { signal });
}

/**
 * The MapLibre style: the operator's when configured, else the basemap served by the API with its
 * labels in the user's language (English or French).
 */
export function mapStyleUrl(config: AppConfig | undefined, locale: Locale): string {
  return config?.mapStyleUrl ?? `${window.location.origin}/api/basemap/style.json?lang=${locale}`;
}
