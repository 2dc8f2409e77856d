/** The extractor call by app key (POST /api/Appkeys/{key}/extractor/{kind}; no session: client.ts). */
import type { AdministrativeKind, ExtractorRequest, ExtractorResponse } from '@catchment/domain';
import { apiRequest } from './client.js';

export function extractByKey(key: string, kind: AdministrativeKind, request: ExtractorRequest, signal?: AbortSignal): Promise<ExtractorResponse> {
  return apiRequest<ExtractorResponse>('POST', `/Appkeys/${encodeURIComponent(key)}/extractor/${kind}`, request, signal ? { signal } : {});
}
