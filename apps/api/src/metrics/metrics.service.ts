/**
 * A map's indicators (SPEC §3 Metric, §5 the formula rule, §7 metrics): list, read, create, change,
 * delete and order, and their values in areas. Reading follows the map's read rule, writing its edit
 * rule, then the plan: indicators from PRO, formulas of several measures or reading indicators from
 * ADVANCED (metricFormulaFeatures); values need PRO, as the census figures they are made of. A
 * formula is saved only when it parses, reads measures the map has (map-measures.ts) and makes no
 * cycle through other indicators. Writes lock the map row and move the map's list of indicators to a
 * new version, announced once committed to the map's other viewers (real-time list-sync).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  checkFormula, DomainError, DEFAULT_METRIC_SYMBOL, expressionMeasures, FEATURES, findMetricCycle, formulaCheckError, formulaText, measureRefKey, translate, METRICS_PER_MAP_MAX, metricFormulaFeatures,
  parseFormula, REALTIME_EVENTS,
  type AreaMetrics, type Country, type CreateMetricBody, type FormulaToken, type ListSyncData, type Locale, type MeasureRef, type MetricList, type MetricView, type MetricWidgets,
  type UpdateMetricBody,
} from '@catchment/domain';
import type { Database } from '../db/schema.js';
import type { EventBus, RoomEvent } from '../events/event-bus.js';
import { mapRoom } from '../events/rooms.js';
import type { AreaRecord } from '../maps/areas.repository.js';
import { assertAllowed, readableMap } from '../maps/map-access.js';
import type { MapRef } from '../maps/map-ref.js';
import { MapStore } from '../maps/map-store.js';
import { lockForWrite } from '../maps/map-write.js';
import type { MapRow } from '../maps/maps.repository.js';
import { placeRelativeTo, positionAfter } from '../maps/positions.js';
import { requireFeatures, type PlanAccess } from '../plans/plan-access.js';
import { readableAreas } from '../territories/map-areas.js';
import { isKnownOn, mapMeasureSources, metricsRead, metricWidgets, type MapMeasureSources } from './map-measures.js';
import type { MetricValues } from './metric-values.js';
import { MetricsRepository, type MetricFields, type MetricRow } from './metrics.repository.js';

export interface MetricWrite { ref: MapRef; clientId: number }

export const metricNotFound = () => new DomainError('metricNotFound');

export function metricView(row: MetricRow, position: number): MetricView {
  return {
    id: row.id, name: row.name, symbol: row.symbol, formula: row.formula, position,
    createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString(),
  };
}

const listView = (rows: readonly MetricRow[]): MetricList => ({ metrics: rows.map(metricView) });

/** What the map's viewers are told: its list of indicators moved to `metricsVersion` (the map's own version unchanged). */
export function metricsSyncEvent(map: Pick<MapRow, 'id' | 'version'>, metricsVersion: number): RoomEvent {
  const data: ListSyncData = { mapId: map.id, version: map.version, metricsVersion };
  return { room: mapRoom(map.id), event: REALTIME_EVENTS.listSync, data };
}

/** An indicator as printed: its formula in words. */
export interface PrintedMetric { id: string; symbol: string; name: string; formula: string }

export class MetricsService {
  private readonly store: MapStore;
  private readonly metrics: MetricsRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly plans: PlanAccess,
    private readonly values: MetricValues,
    /** Where committed writes are announced; without it, nobody is told. */
    private readonly events?: EventBus,
  ) {
    this.store = new MapStore(db);
    this.metrics = new MetricsRepository(db);
  }

  async list(ref: MapRef, clientId: number | undefined): Promise<MetricList> {
    const { map } = await readableMap(this.store, ref, clientId);
    return listView(await this.metrics.list(map.id));
  }

  async get(ref: MapRef, clientId: number | undefined, metricId: string): Promise<MetricView> {
    const { metrics } = await this.list(ref, clientId);
    const found = metrics.find((metric) => metric.id === metricId);
    if (!found) throw metricNotFound();
    return found;
  }

  /** The measures a formula of the map may read, named in `locale` (without `editing` and the indicators reading it). */
  async widgets(ref: MapRef, clientId: number | undefined, country: Country, locale: Locale, editing?: string): Promise<MetricWidgets> {
    const { map } = await readableMap(this.store, ref, clientId);
    return { country, widgets: metricWidgets(await mapMeasureSources(this.db, map.id), country, locale, editing) };
  }

  async create(write: MetricWrite, body: CreateMetricBody): Promise<MetricView> {
    await this.assertMayWrite(write, body.formula);
    const fields: MetricFields = { name: body.name, symbol: body.symbol ?? DEFAULT_METRIC_SYMBOL, formula: body.formula };
    const { rows } = await this.write(write, async (metrics, map, sources) => {
      if (sources.metrics.length >= METRICS_PER_MAP_MAX) throw new DomainError('metricLimitReached', { details: { max: METRICS_PER_MAP_MAX } });
      assertKnown(fields.formula, sources);
      const row = await metrics.insert(randomUUID(), map.id, write.clientId, fields, positionAfter(sources.metrics.at(-1)?.position));
      return [...sources.metrics, row];
    });
    return viewIn(rows, rows.at(-1)!.id);
  }

  async update(write: MetricWrite, metricId: string, body: UpdateMetricBody): Promise<MetricView> {
    await this.assertMayWrite(write, body.formula);
    const { rows } = await this.write(write, async (metrics, map, sources) => {
      const current = sources.metrics.find((metric) => metric.id === metricId);
      if (!current) throw metricNotFound();
      const fields: MetricFields = { name: body.name ?? current.name, symbol: body.symbol ?? current.symbol, formula: body.formula ?? current.formula };
      if (body.formula) {
        assertKnown(body.formula, sources);
        const reads = (id: string) => (id === metricId ? metricsRead(body.formula!) : metricsRead(sources.metrics.find((metric) => metric.id === id)?.formula ?? []));
        const cycle = findMetricCycle(metricId, reads);
        if (cycle) throw new DomainError('metricCycle', { details: { cycle } });
      }
      await metrics.update(metricId, fields);
      return metrics.list(map.id);
    });
    return viewIn(rows, metricId);
  }

  /** Deletes an indicator no other one reads (409 naming those that do). */
  async delete(write: MetricWrite, metricId: string): Promise<void> {
    await this.write(write, async (metrics, map, sources) => {
      if (!sources.metrics.some((metric) => metric.id === metricId)) throw metricNotFound();
      const readers = sources.metrics.filter((metric) => metricsRead(metric.formula).includes(metricId));
      if (readers.length > 0) throw new DomainError('metricInUse', { details: { usedBy: readers.map((metric) => metric.name), metricIds: readers.map((metric) => metric.id) } });
      await metrics.delete(metricId);
      return [];
    });
  }

  /** Moves an indicator just before or after another; the list after the move. */
  async move(write: MetricWrite, metricId: string, move: { referenceMetricUuid: string; before: boolean }): Promise<MetricList> {
    const { rows } = await this.write(write, async (metrics, map, sources) => {
      const all = sources.metrics;
      if (!all.some((metric) => metric.id === metricId) || !all.some((metric) => metric.id === move.referenceMetricUuid)) throw metricNotFound();
      if (metricId !== move.referenceMetricUuid) {
        const others = all.filter((metric) => metric.id !== metricId).map((metric) => ({ id: metric.id, position: metric.position }));
        const { position, renumbered } = placeRelativeTo(others, move.referenceMetricUuid, move.before);
        for (const item of renumbered) await metrics.setPosition(item.id, item.position);
        await metrics.setPosition(metricId, position);
      }
      return metrics.list(map.id);
    });
    return listView(rows);
  }

  /**
   * SPEC §7 metrics/compute: the values of the map's indicators (or of those asked for) in areas of
   * the map, for a caller who may read it and whose plan includes indicators.
   */
  async compute(ref: MapRef, clientId: number | undefined, request: { areaIds: string[]; metricIds?: string[] | undefined; country?: Country | undefined }, locale: Locale, onFailure?: (error: unknown) => void): Promise<AreaMetrics[]> {
    const areas = await readableAreas(this.store, ref, clientId, request.areaIds);
    await this.plans.require(clientId, FEATURES.metrics);
    return this.valuesOf(ref, clientId, areas, { metricIds: request.metricIds, country: request.country, locale, ...(onFailure ? { onFailure } : {}) });
  }

  /**
   * The values of the map's indicators in areas the caller may read, in the areas' order, without
   * the plan check (the caller made it: the report, an export). `metricIds`: those to give, all of
   * the map's in list order without it (404 for one the map does not have).
   */
  async valuesOf(ref: MapRef, clientId: number | undefined, areas: readonly AreaRecord[], options: { metricIds?: readonly string[] | undefined; country?: Country | undefined; locale: Locale; onFailure?: (error: unknown) => void }): Promise<AreaMetrics[]> {
    const { map } = await readableMap(this.store, ref, clientId);
    const metrics = await this.metrics.list(map.id);
    const metricIds = options.metricIds ? [...new Set(options.metricIds)] : metrics.map((metric) => metric.id);
    if (metricIds.some((id) => !metrics.some((metric) => metric.id === id))) throw metricNotFound();
    return this.values.compute({ ref, clientId, areas, metrics, metricIds, country: options.country, locale: options.locale, ...(options.onFailure ? { onFailure: options.onFailure } : {}) });
  }

  /** The indicators export's content: the areas asked for, once the caller may read them and has indicators in their plan, and the printable indicators. */
  async exportOf(ref: MapRef, clientId: number | undefined, request: { areaIds: string[]; country?: Country | undefined }, locale: Locale, onFailure?: (error: unknown) => void) {
    const areas = await readableAreas(this.store, ref, clientId, request.areaIds);
    await this.plans.require(clientId, FEATURES.metrics);
    return { records: areas, ...(await this.printable(ref, clientId, areas, { country: request.country, locale, ...(onFailure ? { onFailure } : {}) })) };
  }

  /**
   * The map's indicators as the report and the indicators export print them: each one's symbol,
   * name and formula as a reader writes it (its measures by the names the editor gives them), and
   * their values in the areas (valuesOf: the caller checked the plan).
   */
  async printable(ref: MapRef, clientId: number | undefined, areas: readonly AreaRecord[], options: { country?: Country | undefined; locale: Locale; onFailure?: (error: unknown) => void }): Promise<{ metrics: PrintedMetric[]; areas: AreaMetrics[] }> {
    const { map } = await readableMap(this.store, ref, clientId);
    const sources = await mapMeasureSources(this.db, map.id);
    // Census measures of another country than the chips' are named from the catalogue below.
    const names = new Map(metricWidgets(sources, options.country ?? 'ww', options.locale)
      .flatMap((widget) => widget.measures.map((choice) => [measureRefKey(choice.measure), choice.label] as const)));
    const nameOf = (measure: MeasureRef) => names.get(measureRefKey(measure))
      ?? (measure.source === 'census' ? translate(options.locale, `measures.${measure.key}`) : '?');
    const metrics = sources.metrics.map((metric) => ({ id: metric.id, symbol: metric.symbol, name: metric.name, formula: formulaText(metric.formula, nameOf, options.locale) }));
    const values = await this.valuesOf(ref, clientId, areas, { country: options.country, locale: options.locale, ...(options.onFailure ? { onFailure: options.onFailure } : {}) });
    return { metrics, areas: values };
  }

  /**
   * Who may write, then what the plan allows (a stranger's map stays a 404 whatever their plan), then
   * whether the formula parses, then whether the plan allows a formula of its measures.
   */
  private async assertMayWrite(write: MetricWrite, formula: FormulaToken[] | undefined): Promise<void> {
    const { map, role } = await readableMap(this.store, write.ref, write.clientId);
    assertAllowed(map, role, 'edit');
    const access = await this.plans.of(write.clientId);
    requireFeatures(access, FEATURES.metrics);
    if (!formula) return;
    const parsed = parseFormula(formula);
    if (!parsed.ok) throw new DomainError('formulaIncorrect', { details: { at: parsed.at } });
    requireFeatures(access, ...metricFormulaFeatures(expressionMeasures(parsed.expression)));
  }

  /**
   * One transaction: locks the map (checking the edit right), reads what formulas may read, changes,
   * moves the list's version on. Once committed, and only then, the new version is announced.
   */
  private async write(
    write: MetricWrite,
    change: (metrics: MetricsRepository, map: MapRow, sources: MapMeasureSources) => Promise<MetricRow[]>,
  ): Promise<{ rows: MetricRow[]; version: number }> {
    const { rows, version, map } = await this.db.transaction().execute(async (trx) => {
      const { map } = await lockForWrite(new MapStore(trx), { ref: write.ref, clientId: write.clientId, expectedVersion: undefined });
      const metrics = new MetricsRepository(trx);
      const rows = await change(metrics, map, await mapMeasureSources(trx, map.id));
      return { rows, version: await metrics.bumpListVersion(map.id), map };
    });
    this.events?.publish(metricsSyncEvent(map, version));
    return { rows, version };
  }
}

/** The view of one indicator of the map's list. */
function viewIn(rows: readonly MetricRow[], metricId: string): MetricView {
  const index = rows.findIndex((row) => row.id === metricId);
  return metricView(rows[index]!, index);
}

/** SPEC §5: the formula must be correct and read only measures the map has. */
function assertKnown(formula: readonly FormulaToken[], sources: MapMeasureSources): void {
  const check = checkFormula(formula, isKnownOn(sources));
  if (!check.ok) throw new DomainError(formulaCheckError(check), { details: check.reason === 'incorrect' ? { at: check.at } : { unknown: check.unknown } });
}
