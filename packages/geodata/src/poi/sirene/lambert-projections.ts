/**
 * The projections SIRENE's coordinates come in (the geolocation file names one per row in `epsg`):
 * Lambert-93 in mainland France and Corsica, UTM on the national datums overseas. Converted to
 * WGS84 lon/lat with proj4; RGF93 and the overseas RGs agree with WGS84 to well under a metre.
 */
import proj4 from 'proj4';

const DEFINITIONS: Record<string, string> = {
  '2154': '+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  // Guadeloupe, Martinique, Saint-Martin, Saint-Barthélemy (RGAF09 / UTM 20N; WGS 84 / UTM 20N before).
  '5490': '+proj=utm +zone=20 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  '32620': '+proj=utm +zone=20 +datum=WGS84 +units=m +no_defs',
  // French Guiana (RGFG95 / UTM 22N), Réunion (RGR92 / UTM 40S), Mayotte (RGM04 / UTM 38S),
  // Saint-Pierre-et-Miquelon (RGSPM06 / UTM 21N).
  '2972': '+proj=utm +zone=22 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  '2975': '+proj=utm +zone=40 +south +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  '4471': '+proj=utm +zone=38 +south +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  '4467': '+proj=utm +zone=21 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
};

const converters = new Map<string, proj4.Converter>();

/** [lon, lat] of projected coordinates in EPSG `epsg`, or null for a projection not listed. */
export function projectedToLonLat(x: number, y: number, epsg: string): [number, number] | null {
  const definition = DEFINITIONS[epsg];
  if (!definition) return null;
  let converter = converters.get(epsg);
  if (!converter) {
    converter = proj4(definition, 'EPSG:4326');
    converters.set(epsg, converter);
  }
  const [lon, lat] = converter.forward([x, y]);
  return [lon!, lat!];
}

/**
 * The projection of the stock's own Lambert coordinates, which carry no EPSG code: that of the
 * commune's département (overseas départements and collectivities have their own).
 */
export function epsgOfCommune(communeCode: string): string {
  const prefix = communeCode.slice(0, 3);
  if (['971', '972', '977', '978'].includes(prefix)) return '5490';
  if (prefix === '973') return '2972';
  if (prefix === '974') return '2975';
  if (prefix === '975') return '4467';
  if (prefix === '976') return '4471';
  return '2154';
}
