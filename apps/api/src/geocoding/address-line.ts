/**
 * The parts of an address written on one line ("Hauptstraße 11, 95463 Bindlach",
 * "12 rue de la Paix 75002 Paris France", "221B Baker Street, London NW1 6XE"): the last
 * postcode-like token is the postcode, the town follows it (or precedes it, as in the United
 * Kingdom); a country name may end the line; what comes first is the street with its number,
 * before it (France, the English-speaking countries) or after it (Germany and most of Europe).
 */
import { countryCode } from '@catchment/geodata';

export interface AddressParts {
  street: string | null;
  housenumber: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
}

/** Five or four digits (with the Dutch letters), a British postcode, a Polish one. */
const POSTCODE = /(?<![\p{L}\p{N}])(\d{5}|\d{4}(?:\s?[A-Z]{2})?|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|\d{2}-\d{3})(?![\p{L}\p{N}])/giu;

export function parseAddressLine(line: string): AddressParts {
  const parts = line.split(/[,;\n]/).map((part) => part.trim()).filter(Boolean);
  const result: AddressParts = { street: null, housenumber: null, postcode: null, city: null, country: null };
  if (parts.length > 1) {
    const country = countryOf(parts.at(-1)!);
    if (country) {
      result.country = country;
      parts.pop();
    }
  }
  // The last postcode-like token of the line: a house number may look like one, earlier.
  let found: { part: number; index: number; text: string } | undefined;
  parts.forEach((part, index) => {
    for (const match of part.matchAll(POSTCODE)) found = { part: index, index: match.index, text: match[0] };
  });
  let streetText: string | null = parts[0] ?? null;
  if (found) {
    const part = parts[found.part]!;
    const before = part.slice(0, found.index).trim();
    const after = part.slice(found.index + found.text.length).trim();
    result.postcode = found.text;
    if (found.part === 0) {
      // Street, postcode and town in one part: "Hauptstraße 11 95463 Bindlach".
      streetText = before || null;
      result.city = after || null;
    } else {
      // "…, Washington, DC 20500": a state's code before the ZIP code, the town in the part before.
      const stateCode = /^[A-Z]{2}$/.test(before) && !after && found.part > 1;
      result.city = stateCode ? parts[found.part - 1]! : after || before || null;
    }
    if (!result.country && after) {
      // "… 75002 Paris France": the last word may be the country.
      const words = after.split(/\s+/);
      const country = words.length > 1 ? countryOf(words.at(-1)!) : null;
      if (country) {
        result.country = country;
        result.city = words.slice(0, -1).join(' ');
      }
    }
  } else if (parts.length > 1) {
    result.city = parts.at(-1)!;
  }
  if (streetText) Object.assign(result, splitStreetAndNumber(streetText));
  return result;
}

/** A name of a country (not a two-letter word, which a town or street abbreviation may be). */
function countryOf(text: string): string | null {
  return text.length > 2 || text === text.toUpperCase() ? countryCode(text) : null;
}

const NUMBER = String.raw`\d+(?:\s?(?:[a-z]|bis|ter|quater)\b)?(?:\s?[-/]\s?\d+[a-z]?)?`;
const LEADING_NUMBER = new RegExp(String.raw`^(${NUMBER})[\s,]+(\D.*)$`, 'iu');
const TRAILING_NUMBER = new RegExp(String.raw`^(.*\D)\s+(${NUMBER})$`, 'iu');

/**
 * "Hauptstraße 11a" → Hauptstraße, 11a; "12 bis rue de la Paix" → rue de la Paix, 12 bis; a
 * street without a number stays whole.
 */
export function splitStreetAndNumber(text: string): { street: string; housenumber: string | null } {
  const trimmed = text.trim();
  const leading = LEADING_NUMBER.exec(trimmed);
  if (leading) return { street: leading[2]!.trim(), housenumber: leading[1]!.trim() };
  const trailing = TRAILING_NUMBER.exec(trimmed);
  if (trailing) return { street: trailing[1]!.trim(), housenumber: trailing[2]!.trim() };
  return { street: trimmed, housenumber: null };
}
