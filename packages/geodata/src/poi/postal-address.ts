/**
 * One line of postal address from its parts, in the order of the item's country: the house number
 * before the street in France, Monaco and the English-speaking countries, after it elsewhere in
 * Europe (Germany, Liechtenstein, Andorra, Spain…).
 */
export interface AddressParts {
  houseNumber?: string | undefined;
  street?: string | undefined;
  postcode?: string | undefined;
  city?: string | undefined;
}

const NUMBER_FIRST = new Set(['fr', 'mc', 'gb', 'ie', 'us', 'ca', 'au', 'nz', 'lu']);

export function formatAddress(parts: AddressParts, country: string): string | null {
  const clean = (value: string | undefined) => value?.trim() || undefined;
  const houseNumber = clean(parts.houseNumber);
  const street = clean(parts.street);
  const postcode = clean(parts.postcode);
  const city = clean(parts.city);
  const streetLine = street
    ? [NUMBER_FIRST.has(country) ? houseNumber : undefined, street, NUMBER_FIRST.has(country) ? undefined : houseNumber].filter(Boolean).join(' ')
    : houseNumber;
  const place = [postcode, city].filter(Boolean).join(' ');
  const line = [streetLine, place].filter(Boolean).join(', ');
  return line || null;
}
