/**
 * US state and county boundaries from us-atlas (US Census Bureau cartographic boundaries,
 * 1:10m), as lines: the basemap draws where the units meet, the country's outline comes from the
 * world layers.
 */
import type { Feature, MultiLineString } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { mesh } from 'topojson-client';
import type { BoundaryProperties } from '../../basemap/basemap-layers.js';
import { readPackageJson } from '../npm-data-package.js';
import { roundCoordinates } from '../round-coordinates.js';

type CountiesTopology = Topology<{ counties: GeometryCollection; states: GeometryCollection; nation: GeometryCollection }>;

/** A county's FIPS code starts with its state's two digits. */
const stateOfCounty = (countyId: string | number | undefined) => String(countyId).slice(0, 2);

export function readUsBoundaries(): Feature<MultiLineString, BoundaryProperties>[] {
  const us = readPackageJson<CountiesTopology>('us-atlas/counties-10m.json');
  const stateBorders = mesh(us, us.objects.states, (a, b) => a !== b);
  const countyBorders = mesh(us, us.objects.counties, (a, b) => a !== b && stateOfCounty(a.id) === stateOfCounty(b.id));
  return [
    { type: 'Feature', properties: { adminLevel: 4, minZoom: 2 }, geometry: roundCoordinates(stateBorders) },
    { type: 'Feature', properties: { adminLevel: 6, minZoom: 5 }, geometry: roundCoordinates(countyBorders) },
  ];
}
