/** Files the API sends to be downloaded. */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A Content-Disposition naming the file, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(filename: string): string {
  const ascii = filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  // RFC 5987's attr-char leaves out ' ( ) *, which encodeURIComponent keeps.
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Characters no file system takes in a name (Windows' reserved ones, controls), and runs of spaces. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
const FILE_BASE_MAX_LENGTH = 100;

/**
 * A file name from a title the user typed (a map's, an area's): characters a file system refuses
 * replaced by spaces, no leading or trailing dot or space (hidden files, Windows), at most 100
 * characters; `fallback` when nothing is left.
 */
export function fileNameFrom(title: string, extension: string, fallback: string): string {
  const base = title.replace(UNSAFE_IN_FILE_NAME, ' ').replace(/\s+/g, ' ').slice(0, FILE_BASE_MAX_LENGTH).replace(/^[\s.]+|[\s.]+$/g, '');
  return `${base || fallback}.${extension}`;
}
