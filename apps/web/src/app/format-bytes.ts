/** A file's size as people read it: "840 kB", "4.8 MB" (binary units, one decimal at most), in the user's language. */
export function formatBytes(bytes: number, locale: string): string {
  const format = (value: number, unit: 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
  return bytes >= 1024 * 1024 ? format(bytes / (1024 * 1024), 'megabyte') : format(Math.max(bytes / 1024, 0.1), 'kilobyte');
}
