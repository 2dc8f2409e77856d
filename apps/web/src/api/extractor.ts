/**
 * The extractor call by app key (POST /api/Appkeys/{key}/extractor/{kind}): sent without the
 * session's cookie, and a 401 (a wrong or revoked key) is the page's to explain, not a reason to
 * send its user to the login page as apiRequest would.
 */
import type { AdministrativeKind, ExtractorRequest, ExtractorResponse } from '@catchment/domain';
import { currentLocale } from '../i18n/locale-state.js';
import { API_PREFIX, ApiError } from './client.js';

export async function extractByKey(key: string, kind: AdministrativeKind, request: ExtractorRequest, signal?: AbortSignal): Promise<ExtractorResponse> {
  const response = await fetch(`${API_PREFIX}/Appkeys/${encodeURIComponent(key)}/extractor/${kind}`, {
    method: 'POST',
    credentials: 'omit',
    headers: { Accept: 'application/json', 'Accept-Language': currentLocale(), 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    ...(signal ? { signal } : {}),
  });
  const body = await response.json().catch(() => undefined) as (ExtractorResponse & { error?: { code?: string; message?: string; details?: unknown } }) | undefined;
  if (!response.ok) {
    const error = body?.error;
    throw new ApiError(response.status, error?.code ?? `HTTP_${response.status}`, error?.message ?? response.statusText, error?.details);
  }
  return body!;
}
