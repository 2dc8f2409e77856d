/**
 * What a column's header says it holds, in English, French or German: a latitude, a longitude,
 * both ("lat, lng"), a part of a postal address, or a whole address. Headers are compared folded
 * (case, accents, ß, punctuation and separators aside), first whole, then by their words, so that
 * "Latitude (WGS84)", "station_lat", "Code postal client" and "Straße" are understood.
 */

export type AddressPart = 'street' | 'housenumber' | 'postcode' | 'city' | 'country' | 'line';
/** `address`: an address column that is the street when other parts have their columns, else the whole line. */
export type ColumnRole = 'latitude' | 'longitude' | 'latLng' | AddressPart | 'address';

/** A header folded for comparison: "Straße Nr." → "strasse nr". */
export function foldHeader(header: string): string {
  return header.toLowerCase().replace(/ß/g, 'ss').normalize('NFD').replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** Whole headers, folded. */
const WHOLE: Record<string, ColumnRole> = Object.fromEntries(([
  ['latitude', ['lat', 'latitude', 'breite', 'breitengrad', 'y', 'ycoord', 'y coord', 'coord y', 'point y']],
  ['longitude', ['lon', 'lng', 'long', 'longitude', 'laenge', 'lange', 'laengengrad', 'langengrad', 'x', 'xcoord', 'x coord', 'coord x', 'point x']],
  ['latLng', [
    'latlng', 'latlon', 'latlong', 'coordinates', 'coordinate', 'coords', 'gps', 'gps coordinates', 'coordonnees', 'coordonnees gps', 'coordonnee',
    'koordinaten', 'geo point', 'geopoint', 'geo point 2d', 'geolocation', 'location', 'position', 'wgs84',
  ]],
  ['housenumber', [
    'housenumber', 'house number', 'house no', 'house nr', 'number', 'no', 'nr', 'num', 'n', 'numero', 'numero de voie', 'numero voie', 'no voie',
    'n voie', 'num voie', 'hausnummer', 'hausnr', 'hnr', 'haus nr', 'street number', 'streetnumber', 'addr housenumber',
  ]],
  ['street', [
    'street', 'street name', 'streetname', 'road', 'address line 1', 'address 1', 'address1', 'addr street', 'rue', 'voie', 'nom de voie', 'nom voie',
    'libelle voie', 'adresse 1', 'adresse1', 'adresse ligne 1', 'strasse', 'str', 'strassenname',
  ]],
  ['address', ['address', 'adresse', 'addresse', 'adr', 'street address', 'postal address', 'mailing address', 'adresse postale', 'anschrift']],
  ['line', [
    'full address', 'address full', 'complete address', 'formatted address', 'adresse complete', 'adresse entiere', 'vollstandige adresse',
    'vollstaendige adresse', 'komplette adresse', 'gesamte adresse',
  ]],
  ['postcode', [
    'postcode', 'post code', 'postal code', 'postalcode', 'zip', 'zipcode', 'zip code', 'code postal', 'codepostal', 'cp', 'plz', 'postleitzahl',
    'addr postcode', 'npa',
  ]],
  ['city', [
    'city', 'town', 'ville', 'commune', 'localite', 'ort', 'stadt', 'gemeinde', 'wohnort', 'ortschaft', 'locality', 'municipality', 'city name',
    'nom commune', 'nom de la commune', 'libelle commune', 'addr city',
  ]],
  ['country', ['country', 'country code', 'countrycode', 'country name', 'pays', 'code pays', 'land', 'staat', 'addr country', 'iso country']],
] as [ColumnRole, string[]][]).flatMap(([role, headers]) => headers.map((header) => [header, role])));

/** Words enough to tell a role within a longer header, in the order they are tried. */
const WORDS: [ColumnRole, string[]][] = [
  ['latitude', ['lat', 'latitude', 'breitengrad']],
  ['longitude', ['lon', 'lng', 'longitude', 'laengengrad', 'langengrad']],
  ['housenumber', ['housenumber', 'hausnummer']],
  ['postcode', ['postcode', 'zip', 'zipcode', 'postal', 'plz', 'postleitzahl']],
  ['city', ['city', 'town', 'ville', 'commune', 'stadt', 'ort', 'gemeinde']],
  ['country', ['country', 'pays']],
  ['street', ['street', 'rue', 'strasse']],
  ['address', ['address', 'adresse', 'anschrift']],
];

/** The role a header names, or null. A header naming a latitude and a longitude ("lat/lng") holds both. */
export function columnRole(header: string): ColumnRole | null {
  const folded = foldHeader(header);
  const whole = WHOLE[folded];
  if (whole) return whole;
  const words = new Set(folded.split(' '));
  const says = (role: ColumnRole) => WORDS.find(([candidate]) => candidate === role)![1].some((word) => words.has(word));
  if (says('latitude') && says('longitude')) return 'latLng';
  return WORDS.find(([role]) => says(role))?.[0] ?? null;
}
