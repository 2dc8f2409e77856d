/** Report images (SPEC §3 Project asset, §7 assets): the routes' parameters and answers. */
import { z } from 'zod';
import { ASSET_DELETE_MAX_IDS } from '../assets/assets.js';
import type { LogoContentType } from '../organization/logo-image.js';
import { clientIdParam } from './auth.js';

const assetId = z.uuid({ error: 'validation.assetId' });

export const assetParams = clientIdParam.extend({ assetId });

/**
 * DELETE /Clients/{id}/assets (SPEC §7, bulk): the images to delete, all or none. An id named twice
 * counts once.
 */
export const deleteAssetsBody = z.object({
  assets: z.array(assetId).min(1, { error: 'validation.required' }).max(ASSET_DELETE_MAX_IDS, { error: 'validation.tooManyItems' })
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
}).strict();
export type DeleteAssetsBody = z.infer<typeof deleteAssetsBody>;

/** An image as GET /Clients/{id}/assets lists it (newest first) and its upload answers it: everything but its bytes. */
export interface AssetSummary {
  id: string;
  /** The file's name as uploaded (assets/assets.ts, assetName). */
  name: string;
  /** What its bytes are, whatever its name said. */
  contentType: LogoContentType;
  byteLength: number;
  widthPixels: number;
  heightPixels: number;
  createdAt: string;
}

/** The answer of DELETE /Clients/{id}/assets: the ids deleted (all of those asked). */
export interface DeletedAssets { assets: string[] }
