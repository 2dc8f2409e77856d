/**
 * The checks the app makes on a chosen logo before sending it (SPEC §5: JPEG or PNG, at most 5 MB),
 * with the same rules as the server (checkLogoImage reads the bytes, not the name), so that a GIF or
 * a 20 MB photo is refused at once instead of after its upload.
 */
import { checkLogoImage, LOGO_MAX_BYTES, LOGO_MAX_MEGABYTES, type LogoImageType } from '@catchment/domain';

export type LogoFileCheck =
  | { ok: true; type: LogoImageType }
  | { ok: false; messageKey: 'errors.logoUnsupportedType' | 'errors.logoTooLarge' | 'errors.logoSetFailed'; params: { maxMegabytes: number } };

const refusal = (messageKey: Extract<LogoFileCheck, { ok: false }>['messageKey']): LogoFileCheck =>
  ({ ok: false, messageKey, params: { maxMegabytes: LOGO_MAX_MEGABYTES } });

/** Enough of a file to see whether it starts as a PNG or a JPEG does. */
const SIGNATURE_BYTES = 8;

export async function checkLogoFile(file: Blob): Promise<LogoFileCheck> {
  // The type first: a large GIF is refused for being a GIF, without reading all of it.
  const head = checkLogoImage(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
  if (!head.valid && head.reason === 'unsupportedType') return refusal('errors.logoUnsupportedType');
  if (file.size > LOGO_MAX_BYTES) return refusal('errors.logoTooLarge');
  const image = checkLogoImage(new Uint8Array(await file.arrayBuffer()));
  if (!image.valid) return refusal(image.reason === 'unsupportedType' ? 'errors.logoUnsupportedType' : 'errors.logoSetFailed');
  return { ok: true, type: image.type };
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
