/**
 * Report images (SPEC §7 assets; apps/api/src/assets): the account's JPEG and PNG pictures for its
 * market-study reports. Listed without their bytes; each is shown from its own URL (cached by the
 * browser: an id always names the same bytes). The upload says its progress (apiUpload).
 */
import type { AssetSummary, DeletedAssets } from '@catchment/domain';
import { API_PREFIX, apiRequest, apiUpload } from './client.js';

export type { AssetSummary } from '@catchment/domain';

const base = (clientId: number) => `/Clients/${clientId}/assets`;

/** The account's images: a change here (upload, deletion) refreshes every picker showing them. */
export const assetsQueryKey = (clientId: number) => ['assets', clientId] as const;

/** GET /Clients/{id}/assets: newest first. */
export const fetchAssets = (clientId: number, signal?: AbortSignal) => apiRequest<AssetSummary[]>('GET', base(clientId), undefined, { signal });

/** Where an image is shown from (an <img> sends the session cookie with it). */
export const assetUrl = (clientId: number, assetId: string) => `${API_PREFIX}${base(clientId)}/${encodeURIComponent(assetId)}`;

export interface AssetUpload {
  /** From 0 to 1, as the request's body leaves the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST /Clients/{id}/assets: the file in the multipart field `file`, with its name; the image as kept. */
export function uploadAsset(clientId: number, file: File, options: AssetUpload = {}): Promise<AssetSummary> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload<AssetSummary>(base(clientId), form, options);
}

/** DELETE /Clients/{id}/assets {assets}: all of them or none (404 when one is gone already). */
export const deleteAssets = (clientId: number, assetIds: readonly string[]) =>
  apiRequest<DeletedAssets>('DELETE', base(clientId), { assets: assetIds });
