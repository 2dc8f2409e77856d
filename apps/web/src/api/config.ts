/** Public settings of the server the app talks to. */
import { apiRequest } from './client.js';

export interface AppConfig { mapStyleUrl: string | null; publicUrl: string; database: string }

export function fetchConfig(signal?: AbortSignal): Promise<AppConfig> {
  return apiRequest<AppConfig>('GET', '/config', undefined, { signal });
}

/** The MapLibre style: the operator's when configured, else the offline basemap served by the API. */
export function mapStyleUrl(config: AppConfig | undefined): string {
  return config?.mapStyleUrl ?? `${window.location.origin}/api/basemap/style.json`;
}
