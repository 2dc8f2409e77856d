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

/** What the precedence rules read of a unit. */
export interface PrecedenceUnit { kind: AdministrativeKind; country: string }

export interface DataPrecedence<U extends PrecedenceUnit = FigureUnit> {
  hasFinerData(unit: U, key: string): boolean;
  hasNationalData(country: string, key: string): boolean;
}

/**
 * The running figure of one measure, fed one unit at a time: censusFigures feeds it the units in
 * the order given, and so may a caller that reads the units' values its own way (the compute
 * threads' unit cache), getting the same figure to the last bit for the same units in the same order.
 */
export class MeasureSum {
  /** The measure weighing the values (weighted means), read by the caller beside the value. */
  readonly weightKey: string | undefined;
  private sum = 0;
  private weight = 0;
  private covered = 0;
  private polygons = false;
  private used = false;
  private readonly kinds = new Set<AdministrativeKind>();
  private lastKind: AdministrativeKind | undefined;

  constructor(readonly key: string) {
    const definition = MEASURES_BY_KEY.get(key);
    this.weightKey = definition?.aggregation.method === 'weightedMean' ? definition.aggregation.weight : undefined;
  }

  /** A unit that counts for the measure: its value (and weight, for a weighted mean), the share of it inside the area and that part's surface. */
  add(kind: AdministrativeKind, polygon: boolean, value: number, weight: number, share: number, overlapArea: number): void {
    if (this.weightKey) {
      this.sum += value * weight * share;
      this.weight += weight * share;
    } else {
      this.sum += value * share;
    }
    this.used = true;
    if (kind !== this.lastKind) {
      this.kinds.add(kind);
      this.lastKind = kind;
    }
    if (polygon) {
      this.polygons = true;
      this.covered += overlapArea;
    }
  }

  figure(areaSize: number): MeasureFigure {
    const value = !this.used ? null : this.weightKey ? (this.weight > 0 ? this.sum / this.weight : null) : this.sum;
    return {
      key: this.key,
      value,
      coverage: this.used && this.polygons && areaSize > 0 ? Math.min(1, this.covered / areaSize) : null,
      sources: [...this.kinds].sort((a, b) => UNIT_KINDS[b].fineness - UNIT_KINDS[a].fineness),
    };
  }
}

export function censusFigures<U extends FigureUnit>(areaSize: number, overlaps: readonly FigureOverlap<U>[], keys: readonly string[], precedence: DataPrecedence<U>): MeasureFigure[] {
  return keys.map((key) => {
    const total = new MeasureSum(key);
    for (const { unit, share, overlapArea } of overlaps) {
      const value = unit.values[key];
      if (value === undefined || !unitCounts(unit, key, precedence)) continue;
      const weight = total.weightKey ? unit.values[total.weightKey] : 0;
      if (weight === undefined) continue;
      total.add(unit.kind, unit.geometry.type !== 'Point', value, weight, share, overlapArea);
    }
    return total.figure(areaSize);
  });
}

/** Whether a unit's value of a measure counts (the rules above): not where a finer unit or a national kind gives it. */
export function unitCounts<U extends PrecedenceUnit>(unit: U, key: string, precedence: DataPrecedence<U>): boolean {
  if (UNIT_KINDS[unit.kind].country === 'ww' && precedence.hasNationalData(unit.country, key)) return false;
  return !precedence.hasFinerData(unit, key);
}
