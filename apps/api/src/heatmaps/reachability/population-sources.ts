/**
 * Which units' people the layer counts, by the census's rules (geodata's census-figures.ts), so
 * that a cell's figure agrees with the census figure of the area it reaches: a unit gives way to
 * the finer units nesting in it that have the population (communes to their IRIS), and a worldwide
 * unit (a GeoNames city) to a national kind that has it (France's communes).
 */
import type { MultiPolygon, Polygon } from 'geojson';
import { unitCounts } from '@catchment/geodata';
import type { WeightSource } from '@catchment/routing';
import type { PopulatedUnit } from './reachability.repository.js';

export const POPULATION = 'population';

export function populationSources(units: readonly PopulatedUnit[], nationalData: ReadonlySet<string>): { sources: WeightSource[]; kinds: string[] } {
  const precedence = {
    hasFinerData: (unit: PopulatedUnit) => unit.finer,
    hasNationalData: (country: string, key: string) => nationalData.has(`${country}|${key}`),
  };
  const counted = units.filter((unit) => unit.population > 0 && unitCounts(unit, POPULATION, precedence));
  return {
    sources: counted.map((unit) => ({
      value: unit.population,
      point: [unit.x, unit.y],
      ...(unit.geometry ? { boundary: JSON.parse(unit.geometry) as Polygon | MultiPolygon } : {}),
    })),
    kinds: [...new Set(counted.map((unit) => unit.kind))].sort(),
  };
}
