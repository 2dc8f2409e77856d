/**
 * The form in which place names and queries are compared: no accents, lower case, every run of
 * punctuation or spaces as one space. "Saint-Étienne", "saint etienne" and "SAINT ÉTIENNE " all give
 * "saint etienne", so a prefix search is accent-, case- and hyphen-insensitive.
 */
export function placeNameKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[æÆ]/g, 'ae')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
