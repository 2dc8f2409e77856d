/**
 * The checks the app makes on a chosen logo before sending it (SPEC §5: JPEG or PNG, at most 5 MB),
 * with the same rules as the server (checkLogoImage reads the bytes, not the name), so that a GIF or
 * a 20 MB photo is refused at once instead of after its upload. The report images follow the same
 * rule (reports/asset-file.ts).
 */
import { checkLogoImage, LOGO_MAX_BYTES, LOGO_MAX_MEGABYTES, type LogoImageType } from '@catchment/domain';

/** Why a chosen image file is refused: not a JPEG or PNG, past the size limit, or one that cannot be read. */
export type ImageFileRefusal = 'unsupportedType' | 'tooLarge' | 'unreadable';

export type ImageFileCheck = { ok: true; type: LogoImageType } | { ok: false; reason: ImageFileRefusal };

/** Enough of a file to see whether it starts as a PNG or a JPEG does. */
const SIGNATURE_BYTES = 8;

/**
 * Whether a chosen file is a JPEG or PNG of at most `maxBytes` (the logo's and the report images'
 * rule), read from its bytes with the server's own check.
 */
export async function checkImageFile(file: Blob, maxBytes: number): Promise<ImageFileCheck> {
  // The type first: a large GIF is refused for being a GIF, without reading all of it.
  const head = checkLogoImage(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
  if (!head.valid && head.reason === 'unsupportedType') return { ok: false, reason: 'unsupportedType' };
  if (file.size > maxBytes) return { ok: false, reason: 'tooLarge' };
  const image = checkLogoImage(new Uint8Array(await file.arrayBuffer()));
  if (!image.valid) return { ok: false, reason: image.reason === 'unsupportedType' ? 'unsupportedType' : 'unreadable' };
  return { ok: true, type: image.type };
}

export type LogoFileCheck =
  | { ok: true; type: LogoImageType }
  | { ok: false; messageKey: 'errors.logoUnsupportedType' | 'errors.logoTooLarge' | 'errors.logoSetFailed'; params: { maxMegabytes: number } };

const LOGO_REFUSALS = {
  unsupportedType: 'errors.logoUnsupportedType', tooLarge: 'errors.logoTooLarge', unreadable: 'errors.logoSetFailed',
} as const satisfies Record<ImageFileRefusal, string>;

export async function checkLogoFile(file: Blob): Promise<LogoFileCheck> {
  const checked = await checkImageFile(file, LOGO_MAX_BYTES);
  return checked.ok ? checked : { ok: false, messageKey: LOGO_REFUSALS[checked.reason], params: { maxMegabytes: LOGO_MAX_MEGABYTES } };
}

/** The file as a data: URL, the form the API's setLogo takes (base64 after its prefix). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}
