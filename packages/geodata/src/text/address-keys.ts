/**
 * The forms in which the parts of a postal address are compared: the geocoder folds a query and
 * the imported addresses alike, so that spellings of the same address meet.
 *
 * A street name is folded as place names are (placeNameKey: no accents, case or punctuation; ß as
 * ss), its usual words and their abbreviations are brought to one short form ("Straße", "Strasse",
 * "Str." → "str"; "Sankt", "Saint", "St." → "st"; "Avenue", "Av." → "av"), the German compounds'
 * "-straße"/"-platz" too ("Bahnhofstraße" → "bahnhofstr"), and the words are run together, so that
 * a hyphen or a space more or less changes nothing: "St.-Georgen-Straße", "St. Georgen Str." and
 * "Sankt Georgenstrasse" all give "stgeorgenstr". What remains (a letter missed or doubled) is the
 * fuzzy match's work (trigram similarity of these keys).
 */
import { placeNameKey } from './place-name-key.js';

/** Words of street names (folded) and the one short form each stands for. */
const STREET_WORDS: Readonly<Record<string, string>> = {
  // German
  strasse: 'str', str: 'str', sankt: 'st', platz: 'pl', doktor: 'dr',
  // French
  saint: 'st', sainte: 'ste', avenue: 'av', ave: 'av', boulevard: 'bd', bld: 'bd', blvd: 'bd', place: 'pl',
  route: 'rte', chemin: 'ch', chem: 'ch', impasse: 'imp', docteur: 'dr', general: 'gen', gal: 'gen', square: 'sq',
  // English
  street: 'st', road: 'rd', lane: 'ln', drive: 'dr',
};

/** Endings of German compounds ("Bahnhofstraße", "Marktplatz") and their short forms. */
const COMPOUND_ENDINGS: ReadonlyArray<[string, string]> = [['strasse', 'str'], ['platz', 'pl']];

export function streetNameKey(street: string): string {
  return placeNameKey(street)
    .split(' ')
    .map((word) => {
      const short = STREET_WORDS[word];
      if (short) return short;
      for (const [ending, replacement] of COMPOUND_ENDINGS) {
        if (word.length > ending.length + 2 && word.endsWith(ending)) return word.slice(0, -ending.length) + replacement;
      }
      return word;
    })
    .join('');
}

/**
 * "12 a", "12A" and "12a" give "12a"; "12 bis" gives "12bis". A hyphen or slash between digits is
 * kept: "12-14" (a range, or a number of its own) is not "1214".
 */
export function houseNumberKey(houseNumber: string): string {
  return houseNumber
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\-/]+/gu, '')
    .replace(/(?<!\d)[-/]|[-/](?!\d)/g, '');
}

/** Countries whose postcodes are five digits, which spreadsheets turn into numbers that lose a leading zero. */
const FIVE_DIGIT_POSTCODES = new Set(['de', 'fr', 'es', 'it', 'us', 'mc', 'fi', 'ee', 'hr', 'ma']);

/**
 * Upper case without spaces or hyphens ("SW1A 1AA" → "SW1A1AA", "00-950" → "00950"); four digits
 * in a country of five-digit postcodes get their leading zero back ("1000" in France → "01000").
 */
export function postcodeKey(postcode: string, country?: string | null): string {
  const key = postcode.normalize('NFKC').toUpperCase().replace(/[\s\-.]+/g, '');
  return /^\d{4}$/.test(key) && country && FIVE_DIGIT_POSTCODES.has(country.toLowerCase()) ? `0${key}` : key;
}

/** A town's name as place names are compared. */
export function cityNameKey(city: string): string {
  return placeNameKey(city);
}
