/**
 * Land, countries, country borders and country label points from world-atlas (Natural Earth,
 * 1:50m): detailed enough for a country-to-region view, small enough to load in a second.
 */
import type { Feature, Geometry, MultiLineString, MultiPolygon, Point, Polygon } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature, mesh, neighbors } from 'topojson-client';
import polylabel from 'polylabel';
import isoCountries from 'i18n-iso-countries';
import type { BoundaryProperties, CountryLabelProperties, CountryProperties, ZoomedProperties } from '../../basemap/basemap-layers.js';
import { readPackageJson } from '../npm-data-package.js';
import { planarPolygons, ringAreaSquareDegrees } from '../planar-polygons.js';
import { roundCoordinates } from '../round-coordinates.js';

type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }>; land: GeometryCollection }>;

export interface WorldLayers {
  land: Feature<Polygon | MultiPolygon, ZoomedProperties>[];
  countries: Feature<Polygon | MultiPolygon, CountryProperties>[];
  countryBorders: Feature<MultiLineString, BoundaryProperties>[];
  countryLabels: Feature<Point, CountryLabelProperties>[];
}

export function readWorldLayers(): WorldLayers {
  const world = readPackageJson<CountriesTopology>('world-atlas/countries-50m.json');
  const countryObjects = world.objects.countries;
  const colorIndexes = colorNeighboursApart(neighbors(countryObjects.geometries));

  const countries = feature(world, countryObjects).features
    .map((country, index) => ({ country, colorIndex: colorIndexes[index] ?? 0 }))
    .flatMap(({ country, colorIndex }) => (isPolygonal(country.geometry) ? [{
      type: 'Feature' as const,
      ...(country.id === undefined ? {} : { id: Number(country.id) }),
      properties: { name: country.properties.name, colorIndex, minZoom: 0 },
      geometry: roundCoordinates(planarPolygons(country.geometry)),
    }] : []));

  const land = feature(world, world.objects.land).features
    .flatMap((shape) => (isPolygonal(shape.geometry)
      ? [{ type: 'Feature' as const, properties: { minZoom: 0 }, geometry: roundCoordinates(planarPolygons(shape.geometry)) }]
      : []));

  // Only the arcs two countries share: coastlines are the land's edge, not a border.
  const borders = mesh(world, countryObjects, (a, b) => a !== b);
  const countryBorders = [{
    type: 'Feature' as const,
    properties: { adminLevel: 2 as const, minZoom: 0 },
    geometry: roundCoordinates(borders),
  }];

  return { land, countries, countryBorders, countryLabels: countries.map(countryLabel) };
}

const isPolygonal = (geometry: Geometry | null): geometry is Polygon | MultiPolygon =>
  geometry?.type === 'Polygon' || geometry?.type === 'MultiPolygon';

/**
 * Greedy graph colouring: each country takes the smallest index none of its already coloured
 * neighbours has. Planar maps need at most a handful of colours this way.
 */
export function colorNeighboursApart(neighbourLists: number[][]): number[] {
  const colors: number[] = [];
  neighbourLists.forEach((neighbourIndexes, index) => {
    const taken = new Set(neighbourIndexes.filter((n) => n < index).map((n) => colors[n]));
    let color = 0;
    while (taken.has(color)) color++;
    colors[index] = color;
  });
  return colors;
}

const FRENCH_REGION_NAMES = new Intl.DisplayNames(['fr'], { type: 'region' });

/** The country's French name, from its ISO 3166 numeric code (Natural Earth has none for a few disputed areas). */
function frenchName(id: string | number | undefined): { name_fr?: string } {
  const alpha2 = id === undefined ? undefined : isoCountries.numericToAlpha2(String(id).padStart(3, '0'));
  const name = alpha2 ? FRENCH_REGION_NAMES.of(alpha2) : undefined;
  return name && name !== alpha2 ? { name_fr: name } : {};
}

/** A label inside the country's largest polygon, shown from a zoom that suits the country's size. */
function countryLabel(country: Feature<Polygon | MultiPolygon, CountryProperties>): Feature<Point, CountryLabelProperties> {
  const polygons = country.geometry.type === 'Polygon' ? [country.geometry.coordinates] : country.geometry.coordinates;
  const largest = polygons.reduce((best, polygon) => (ringAreaSquareDegrees(polygon[0]!) > ringAreaSquareDegrees(best[0]!) ? polygon : best));
  const area = ringAreaSquareDegrees(largest[0]!);
  const [lng, lat] = polylabel(largest as number[][][], 0.05);
  // Rings made continuous across the antimeridian may lie beyond 180°.
  const wrappedLng = lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng;
  return {
    type: 'Feature',
    properties: { name: country.properties.name, ...frenchName(country.id), minZoom: area > 400 ? 1 : area > 40 ? 2 : area > 4 ? 3 : 4 },
    geometry: { type: 'Point', coordinates: [Math.round(wrappedLng * 1e4) / 1e4, Math.round(lat * 1e4) / 1e4] },
  };
}
