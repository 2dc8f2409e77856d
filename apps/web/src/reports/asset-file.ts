/**
 * The check the app makes on an image chosen for the reports before sending it: the server's own
 * rule (a JPEG or PNG read from its bytes, at most 5 MB), so that a GIF or a 20 MB photo is refused
 * at once with the message the server would give, instead of after its upload.
 */
import { ASSET_MAX_BYTES, ASSET_MAX_MEGABYTES, type LogoImageType } from '@catchment/domain';
import { checkImageFile, type ImageFileRefusal } from '../organization/logo-file.js';

export type AssetFileCheck =
  | { ok: true; type: LogoImageType }
  | { ok: false; messageKey: 'errors.assetUnsupportedType' | 'errors.assetTooLarge' | 'errors.assetUnreadable'; params: { maxMegabytes: number } };

const REFUSALS = {
  unsupportedType: 'errors.assetUnsupportedType', tooLarge: 'errors.assetTooLarge', unreadable: 'errors.assetUnreadable',
} as const satisfies Record<ImageFileRefusal, string>;

export async function checkAssetFile(file: Blob): Promise<AssetFileCheck> {
  const checked = await checkImageFile(file, ASSET_MAX_BYTES);
  return checked.ok ? checked : { ok: false, messageKey: REFUSALS[checked.reason], params: { maxMegabytes: ASSET_MAX_MEGABYTES } };
}
