/**
 * The census figures of an area from the units it meets, never counting a figure twice:
 * - a unit is left out for a measure when a finer unit nesting in it has that measure (a commune
 *   with IRIS figures is counted through its IRIS; a state through its counties);
 * - a unit of a worldwide kind (GeoNames cities) is left out in a country where a national kind
 *   has the measure (French communes, imported US counties).
 * Sums add each unit's value times its share inside the area (points: inside or not); weighted
 * means (rates, medians) weigh each unit's value by its weight measure times its share.
 */
import { MEASURES_BY_KEY, UNIT_KINDS, type AdministrativeKind } from '@catchment/domain';

/** What the figures read of a unit: the in-memory index's units and the database's rows both fit. */
export interface FigureUnit {
  kind: AdministrativeKind;
  code: string;
  country: string;
  values: Record<string, number>;
  geometry: { type: string };
}

export interface FigureOverlap<U extends FigureUnit = FigureUnit> { unit: U; share: number; overlapArea: number }

export interface MeasureFigure {
  key: string;
  /** null: no unit gives this measure where the area lies. */
  value: number | null;
  /** Share of the area's surface covered by the boundaries used; null when only points were used. */
  coverage: number | null;
  /** Kinds the figure comes from, finest first. */
  sources: AdministrativeKind[];
}

export interface DataPrecedence<U extends FigureUnit = FigureUnit> {
  hasFinerData(unit: U, key: string): boolean;
  hasNationalData(country: string, key: string): boolean;
}

interface Accumulator { sum: number; weight: number; covered: number; polygons: boolean; used: boolean; kinds: Set<AdministrativeKind> }

export function censusFigures<U extends FigureUnit>(areaSize: number, overlaps: readonly FigureOverlap<U>[], keys: readonly string[], precedence: DataPrecedence<U>): MeasureFigure[] {
  return keys.map((key) => {
    const definition = MEASURES_BY_KEY.get(key);
    const weightKey = definition?.aggregation.method === 'weightedMean' ? definition.aggregation.weight : undefined;
    const total: Accumulator = { sum: 0, weight: 0, covered: 0, polygons: false, used: false, kinds: new Set() };
    for (const { unit, share, overlapArea } of overlaps) {
      const value = unit.values[key];
      if (value === undefined || !counts(unit, key, precedence)) continue;
      if (weightKey) {
        const weight = unit.values[weightKey];
        if (weight === undefined) continue;
        total.sum += value * weight * share;
        total.weight += weight * share;
      } else {
        total.sum += value * share;
      }
      total.used = true;
      total.kinds.add(unit.kind);
      if (unit.geometry.type !== 'Point') {
        total.polygons = true;
        total.covered += overlapArea;
      }
    }
    const value = !total.used ? null : weightKey ? (total.weight > 0 ? total.sum / total.weight : null) : total.sum;
    return {
      key,
      value,
      coverage: total.used && total.polygons && areaSize > 0 ? Math.min(1, total.covered / areaSize) : null,
      sources: [...total.kinds].sort((a, b) => UNIT_KINDS[b].fineness - UNIT_KINDS[a].fineness),
    };
  });
}

function counts<U extends FigureUnit>(unit: U, key: string, precedence: DataPrecedence<U>): boolean {
  if (UNIT_KINDS[unit.kind].country === 'ww' && precedence.hasNationalData(unit.country, key)) return false;
  return !precedence.hasFinerData(unit, key);
}
