/**
 * The demo's French communes on the real npm data: every commune's point is where a source puts
 * that very commune, never at a namesake of another département (Aspremont, Hautes-Alpes, was put
 * at Aspremont, Alpes-Maritimes, because the two share a name and a region).
 *
 * A département's plausible extent is taken from GeoNames alone, independently of how communes are
 * joined to towns: the box around its towns as GeoNames files them (their arrondissement code starts
 * with the département's), widened by a margin for the communes between its outermost towns and
 * its border. Paris, which GeoNames files under its region only, is checked against the region's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readPackageJson } from '../npm-data-package.js';
import { departementOfArrondissement, readFrenchCommunes, type LocatedCommune } from './french-communes.source.js';
import { readWorldCities, type WorldCity } from './world-cities.source.js';

type Box = [number, number, number, number];
const MARGIN_DEGREES = 0.1;

interface CommuneRecord { code: string; nom: string; departement?: string; region?: string; type: string }

/** Boxes around GeoNames' French towns, by département (`d:06`) and by region (`r:93`). */
function extentsOfTowns(cities: WorldCity[]): Map<string, Box> {
  const extents = new Map<string, Box>();
  const extend = (key: string, [lng, lat]: [number, number]) => {
    const box = extents.get(key) ?? [lng, lat, lng, lat];
    extents.set(key, [Math.min(box[0], lng), Math.min(box[1], lat), Math.max(box[2], lng), Math.max(box[3], lat)]);
  };
  for (const city of cities) {
    if (city.country !== 'FR') continue;
    if (city.muni) extend(`d:${departementOfArrondissement(city.muni)}`, city.loc.coordinates);
    extend(`r:${city.adminCode}`, city.loc.coordinates);
  }
  return extents;
}

const inside = ([lng, lat]: [number, number], box: Box) =>
  lng >= box[0] - MARGIN_DEGREES && lng <= box[2] + MARGIN_DEGREES && lat >= box[1] - MARGIN_DEGREES && lat <= box[3] + MARGIN_DEGREES;

const describeCommune = (commune: LocatedCommune) => `${commune.name} (${commune.code}) at ${commune.position.join(', ')}`;

describe('French communes of the demo data', () => {
  let communes: LocatedCommune[];
  let records: CommuneRecord[];
  let isInItsDepartement: (commune: LocatedCommune) => boolean;

  beforeAll(() => {
    const cities = readWorldCities();
    communes = readFrenchCommunes(cities).communes;
    records = readPackageJson<CommuneRecord[]>('@etalab/decoupage-administratif/data/communes.json')
      .filter((record) => record.type === 'commune-actuelle');
    const regionOf = new Map(records.map((record) => [record.code, record.region]));
    const extents = extentsOfTowns(cities);
    isInItsDepartement = (commune) => {
      const extent = extents.get(`d:${commune.departement}`) ?? extents.get(`r:${regionOf.get(commune.code)}`);
      return extent !== undefined && inside(commune.position, extent);
    };
  }, 60_000);

  it('places every namesake inside its own département', () => {
    const departementsOfName = new Map<string, Set<string | undefined>>();
    for (const record of records) departementsOfName.set(record.nom, (departementsOfName.get(record.nom) ?? new Set()).add(record.departement));
    const namesakes = communes.filter((commune) => departementsOfName.get(commune.name)!.size > 1);
    // Saint-Martin, Aspremont, Beaulieu…: thousands of communes share their name with one of another département.
    expect(namesakes.length).toBeGreaterThan(1_000);
    expect(namesakes.filter((commune) => !isInItsDepartement(commune)).map(describeCommune)).toEqual([]);
  });

  it('places no commune outside its département', () => {
    expect(communes.filter((commune) => !isInItsDepartement(commune)).map(describeCommune)).toEqual([]);
  });

  it('never gives communes of two départements the same position', () => {
    const departementsAt = new Map<string, LocatedCommune[]>();
    for (const commune of communes) {
      const key = commune.position.join(',');
      departementsAt.set(key, [...(departementsAt.get(key) ?? []), commune]);
    }
    const shared = [...departementsAt.values()]
      .filter((group) => new Set(group.map((commune) => commune.departement)).size > 1)
      .map((group) => group.map(describeCommune).join(' / '));
    expect(shared).toEqual([]);
  });

  it('still places most communes', () => {
    // About 35,000 communes in France; GeoNames knows a quarter of them, their postcode neighbours place most others.
    expect(communes.length).toBeGreaterThan(28_000);
    expect(communes.find((commune) => commune.code === '06088')).toMatchObject({ name: 'Nice' });
    expect(communes.find((commune) => commune.code === '75056')).toMatchObject({ name: 'Paris' });
  });
});
