/**
 * Where a heatmap's values come from: one source per kind of value (census measures, the
 * indicators of a map), each giving one value per territorial unit. The legend and the tiles ask
 * the same source, so a unit's colour in a tile is that of its value in the legend's classes.
 */
import { DomainError, type HeatmapQuery, type MeasureUnit } from '@catchment/domain';

/** A heatmap asked for: the query, and the map it is drawn on (none for the public census calls). */
export interface HeatmapRequest {
  query: HeatmapQuery;
  mapId: number | null;
}

export interface HeatmapValueSource {
  /** Whether this source gives the values of the request (a census measure, an indicator…). */
  answers(request: HeatmapRequest): boolean;
  /** The plan feature the heatmap needs (SPEC §6: `heatmap:<measure>:<country>`). */
  feature(request: HeatmapRequest): string;
  /**
   * The features reading what the values are made of needs besides (an indicator's business counts
   * need `poi_count`), checked once the heatmap's own is granted; none without it.
   */
  readFeatures?(request: HeatmapRequest): Promise<string[]>;
  /**
   * Names the values: two requests with the same key and version have the same values, so their
   * legends (with the same classes) and tiles are cached once for everybody.
   */
  valuesKey(request: HeatmapRequest): string;
  /** The version of the data the values come from; a new one builds new legends and tiles. */
  version(request: HeatmapRequest): Promise<string>;
  /** What the values count (per km² in density mode); null where it is not known (an indicator's formula). */
  unit(request: HeatmapRequest): MeasureUnit | null;
  /**
   * The value of each unit of the request's kind in its country, raw or per km² as asked, by unit
   * code; of the units `codes` names only, when given (a tile's). Units without a value are left out.
   */
  values(request: HeatmapRequest, codes?: readonly string[]): Promise<Map<string, number>>;
}

/** The sources a server has; the first that answers a request gives its values. */
export class HeatmapValueSources {
  private readonly sources: HeatmapValueSource[] = [];

  constructor(...sources: HeatmapValueSource[]) {
    this.sources.push(...sources);
  }

  /** Plugs in another source. */
  register(source: HeatmapValueSource): void {
    this.sources.push(source);
  }

  /** The request's source; 400 HEATMAP_METRIC_UNSUPPORTED when none answers it (an indicator without its map). */
  of(request: HeatmapRequest): HeatmapValueSource {
    const source = this.sources.find((candidate) => candidate.answers(request));
    if (!source) throw new DomainError('heatmapMetricUnsupported');
    return source;
  }
}

/** The units' country a heatmap keeps: its own; every unit for the worldwide data. */
export function unitCountryOf(query: HeatmapQuery): string | undefined {
  return query.country === 'ww' ? undefined : query.country;
}
