/**
 * What a logo file really is, read from its bytes (SPEC §5: JPEG or PNG only). The signature names
 * the format whatever the file's name says, and the structure must hold together far enough to give
 * the picture's size, so a renamed or truncated file is refused before it is stored. Pure and
 * without dependencies: the web app runs it on the chosen file before uploading, the API on what
 * it receives.
 */

export type LogoImageType = 'png' | 'jpeg';

export const LOGO_CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg' } as const satisfies Record<LogoImageType, string>;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[LogoImageType];

/** Why bytes are not a logo: not a JPEG or PNG at all, or one whose structure is broken (truncated, forged). */
export const LOGO_IMAGE_REASONS = { unsupportedType: 'unsupportedType', unreadable: 'unreadable' } as const;
export type LogoImageReason = (typeof LOGO_IMAGE_REASONS)[keyof typeof LOGO_IMAGE_REASONS];

export type LogoImageCheck =
  | { valid: true; type: LogoImageType; widthPixels: number; heightPixels: number }
  | { valid: false; reason: LogoImageReason };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A chunk's length, type and CRC around its data. */
const PNG_CHUNK_OVERHEAD = 12;
/** The PNG specification caps a chunk's length (and a dimension) at 2^31 - 1. */
const PNG_MAX_UINT = 0x7fff_ffff;

function uint32At(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
}

function uint16At(bytes: Uint8Array, offset: number): number {
  return (bytes[offset]! << 8) | bytes[offset + 1]!;
}

function chunkType(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

const unreadable = { valid: false, reason: LOGO_IMAGE_REASONS.unreadable } as const;

/**
 * A PNG: the signature, IHDR first (its width and height), then chunk after chunk, each within the
 * file, up to IEND with image data (IDAT) before it. CRCs are not checked: a bit flipped inside the
 * picture is the decoder's business, a file cut short is ours.
 */
function checkPng(bytes: Uint8Array): LogoImageCheck {
  let offset = PNG_SIGNATURE.length;
  if (bytes.length < offset + PNG_CHUNK_OVERHEAD + 13 || uint32At(bytes, offset) !== 13 || chunkType(bytes, offset + 4) !== 'IHDR') return unreadable;
  const widthPixels = uint32At(bytes, offset + 8);
  const heightPixels = uint32At(bytes, offset + 12);
  if (widthPixels === 0 || heightPixels === 0 || widthPixels > PNG_MAX_UINT || heightPixels > PNG_MAX_UINT) return unreadable;
  let hasImageData = false;
  while (offset + PNG_CHUNK_OVERHEAD <= bytes.length) {
    const length = uint32At(bytes, offset);
    const type = chunkType(bytes, offset + 4);
    const next = offset + PNG_CHUNK_OVERHEAD + length;
    if (length > PNG_MAX_UINT || !/^[A-Za-z]{4}$/.test(type) || next > bytes.length) return unreadable;
    if (type === 'IDAT') hasImageData = true;
    if (type === 'IEND') return hasImageData ? { valid: true, type: 'png', widthPixels, heightPixels } : unreadable;
    offset = next;
  }
  return unreadable;
}

/** Start-of-frame markers (baseline, progressive, lossless…), which carry the picture's size; C4, C8 and CC are not frames. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * A JPEG: SOI, then marker segments, each within the file, up to the start of scan (SOS), with a
 * frame header (SOF) before it giving a width and height. What follows the scan is not read: some
 * cameras and editors append data after the end-of-image marker, and browsers show such files.
 */
function checkJpeg(bytes: Uint8Array): LogoImageCheck {
  let offset = 2;
  let size: { widthPixels: number; heightPixels: number } | undefined;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return unreadable;
    // Any number of 0xFF fill bytes may precede a marker.
    while (offset < bytes.length && bytes[offset] === 0xff) offset += 1;
    if (offset >= bytes.length) return unreadable;
    const marker = bytes[offset]!;
    offset += 1;
    // Markers without a segment: restart markers and TEM.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (marker === 0xd9 || marker === 0xd8 || marker === 0x00) return unreadable;
    if (offset + 2 > bytes.length) return unreadable;
    const length = uint16At(bytes, offset);
    if (length < 2 || offset + length > bytes.length) return unreadable;
    if (marker === 0xda) return size ? { valid: true, type: 'jpeg', ...size } : unreadable;
    if (isStartOfFrame(marker)) {
      if (length < 8) return unreadable;
      const heightPixels = uint16At(bytes, offset + 3);
      const widthPixels = uint16At(bytes, offset + 5);
      // A height of 0 defers it to a later DNL marker, which no encoder of logos writes.
      if (widthPixels === 0 || heightPixels === 0) return unreadable;
      size = { widthPixels, heightPixels };
    }
    offset += length;
  }
  return unreadable;
}

/** Whether bytes are a JPEG or PNG picture, and its type and size in pixels if so. */
export function checkLogoImage(bytes: Uint8Array): LogoImageCheck {
  if (startsWith(bytes, PNG_SIGNATURE)) return checkPng(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return checkJpeg(bytes);
  return { valid: false, reason: LOGO_IMAGE_REASONS.unsupportedType };
}
