/**
 * Census figures of areas: every measure of the area's country, apportioned over the territorial
 * units it covers (found by the database, measured in a compute thread: unit-overlaps.ts), with
 * the SPEC §8 refusals. Results are cached in the database by the area's geometry hash and the
 * data version, so every API process shares them, the panel re-opening an unchanged area costs one
 * lookup, and a new import is never hidden by the cache.
 */
import { sql, type Kysely } from 'kysely';
import {
  ERROR_CODES, MEASURES_BY_KEY, measuresOfCountry, translate,
  type AdministrativeKind, type AreaGeometry, type AreaMeasures, type Country, type Locale, type MeasureValue,
} from '@catchment/domain';
import { censusFigures, planarArea, type CountryLocator } from '@catchment/geodata';
import type { ComputePool } from '../compute/compute-pool.js';
import type { Database } from '../db/schema.js';
import { areaIsoCountry, coveredCountry, isTooLargeToAnalyse } from './area-extent.js';
import type { TerritoryData } from './data/territory-data.js';
import { unitsInArea } from './unit-overlaps.js';

export interface AnalysedArea { uuid: string; hash: string; geometry: AreaGeometry }

type RawMeasure = Omit<MeasureValue, 'label' | 'unit' | 'group' | 'aggregation'>;
type RawResult = { country: Country; measures: RawMeasure[] } | { country: Country; error: 'polygonTooLarge' | 'noDataForCountry' };

const ERROR_KEYS = {
  polygonTooLarge: { code: ERROR_CODES.polygonTooLarge, key: 'errors.polygonTooLarge' },
  noDataForCountry: { code: ERROR_CODES.noDataForCountry, key: 'errors.noDataForCountry' },
} as const;

export class CensusService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly data: TerritoryData,
    private readonly compute: ComputePool,
    private readonly countries: CountryLocator,
  ) {}

  /** The area's country among the covered ones (`ww` elsewhere). */
  countryOf(geometry: AreaGeometry): Country {
    return coveredCountry(areaIsoCountry(geometry, (point) => this.countries.countryAt(point)));
  }

  async measuresOf(area: AnalysedArea, locale: Locale): Promise<AreaMeasures> {
    const raw = await this.rawMeasures(area);
    if ('error' in raw) {
      const { code, key } = ERROR_KEYS[raw.error];
      return { areaId: area.uuid, country: raw.country, measures: [], error: { code, message: translate(locale, key) } };
    }
    return { areaId: area.uuid, country: raw.country, measures: raw.measures.map((measure) => labelled(measure, locale)) };
  }

  private async rawMeasures(area: AnalysedArea): Promise<RawResult> {
    const snapshot = await this.data.snapshot();
    const cached = await sql<{ result: RawResult }>`
      SELECT result FROM territory_statistics_cache WHERE area_hash = ${area.hash} AND data_version = ${snapshot.version}`.execute(this.db);
    if (cached.rows[0]) return cached.rows[0].result;
    const result = await this.computeFigures(area.geometry, snapshot.kinds.map((summary) => summary.kind), snapshot.nationalData);
    await sql`
      INSERT INTO territory_statistics_cache (area_hash, data_version, result) VALUES (${area.hash}, ${snapshot.version}, ${JSON.stringify(result)}::jsonb)
      ON CONFLICT DO NOTHING`.execute(this.db);
    return result;
  }

  private async computeFigures(geometry: AreaGeometry, kinds: AdministrativeKind[], nationalData: Set<string>): Promise<RawResult> {
    const country = this.countryOf(geometry);
    if (isTooLargeToAnalyse(geometry)) return { country, error: 'polygonTooLarge' };
    const keys = measuresOfCountry(country).map((measure) => measure.key);
    const met = await unitsInArea(this.data.units, this.compute, geometry, kinds);
    const finerData = await this.data.units.finerData(met.filter(({ unit }) => Object.keys(unit.measures).length > 0).map(({ unit }) => unit));
    const overlaps = met.map(({ unit, share, overlapArea }) => ({
      unit: { kind: unit.kind, code: unit.code, country: unit.country, values: unit.measures, geometry: { type: unit.isPoint ? 'Point' : 'Polygon' } },
      share,
      overlapArea,
    }));
    const measures = censusFigures(planarArea(geometry), overlaps, keys, {
      hasFinerData: (unit, key) => finerData.get(`${unit.kind}|${unit.code}`)?.has(key) ?? false,
      hasNationalData: (unitCountry, key) => nationalData.has(`${unitCountry}|${key}`),
    });
    if (measures.every((measure) => measure.value === null)) return { country, error: 'noDataForCountry' };
    return { country, measures };
  }
}

function labelled(measure: RawMeasure, locale: Locale): MeasureValue {
  const definition = MEASURES_BY_KEY.get(measure.key)!;
  return {
    ...measure,
    label: translate(locale, `measures.${measure.key}`),
    unit: definition.unit,
    group: definition.group,
    aggregation: definition.aggregation.method,
  };
}
