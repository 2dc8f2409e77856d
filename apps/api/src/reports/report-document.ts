/**
 * Gathers what a market-study report prints (packages/domain reports/report.ts `ReportDocument`):
 * the areas and how they were made, and per area the sections asked for, each from the service that
 * answers it in the app (census figures, business counts per search, own-data totals, indicators,
 * divisions), so the report says what the analysis panel says. A section the orderer's plan does not include is
 * left out rather than failing the report; the report itself is PRO (checked by `orderableAreas`).
 */
import { sql, type Kysely } from 'kysely';
import {
  DEFAULT_REPORT_COLORS, DomainError, FEATURES, featureGranted, REPORT_COUNTRIES, reportSections, translate,
  type Access, type Country, type Locale, type ReportArea, type ReportDocument, type ReportIndicatorValue, type ReportOrderBody, type ReportSection,
} from '@catchment/domain';
import type { Database } from '../db/schema.js';
import type { AreaRecord } from '../maps/areas.repository.js';
import { areaDescriptionLines } from '../maps/export/area-description.js';
import { parseMapRef, type MapRef } from '../maps/map-ref.js';
import { readableMap } from '../maps/map-access.js';
import type { MapStore } from '../maps/map-store.js';
import type { AreaMeasuresService } from '../measures/area-measures.service.js';
import type { DivisionsService } from '../territories/divisions.service.js';
import { readableAreas } from '../territories/map-areas.js';
import type { PlanAccess } from '../plans/plan-access.js';
import type { SearchesService } from '../poi/searches/searches.service.js';
import type { MapDatasetsService } from '../datasets/maps/map-datasets.service.js';
import type { OrganizationService } from '../organization/organization.service.js';
import type { MetricsService } from '../metrics/metrics.service.js';

/** An image the report prints as its logo, or null when the asset is not the orderer's. */
export type ReportImage = (clientId: number, assetId: string) => Promise<{ contentType: string; content: Buffer } | null>;

export interface ReportSources {
  db: Kysely<Database>;
  store: MapStore;
  plans: PlanAccess;
  measures: AreaMeasuresService;
  divisions: DivisionsService;
  searches: SearchesService;
  mapDatasets: MapDatasetsService;
  metrics: MetricsService;
  organization: OrganizationService;
  /** The user's uploaded images (assets); absent where the server has none. */
  image?: ReportImage;
  /** The operator's map style (MAP_STYLE_URL), if any. */
  mapStyleUrl: string | undefined;
  log: (message: string, error: unknown) => void;
}

/** The per-area figures each section needs, and the feature it needs in the analysis country. */
const SECTION_FEATURE: Partial<Record<ReportSection, (country: Country) => string>> = {
  census: FEATURES.census,
  businesses: FEATURES.poi,
  indicators: () => FEATURES.metrics,
  divisions: FEATURES.divisions,
};

export class ReportDocuments {
  constructor(private readonly sources: ReportSources) {}

  /**
   * The areas of an order, once the caller may read them, the country offers reports and their plan
   * includes them (404, 422 REPORT_COUNTRY_UNSUPPORTED, 403 PLAN_REQUIRED, in that order), with the
   * analysis country.
   */
  async orderableAreas(clientId: number, mapId: string, body: ReportOrderBody): Promise<{ areas: AreaRecord[]; country: Country }> {
    const areas = await readableAreas(this.sources.store, parseMapRef(mapId), clientId, body.areaIds);
    const country = body.country ?? this.sources.measures.scopeOf(areas[0]!, undefined).country;
    if (!(REPORT_COUNTRIES as readonly Country[]).includes(country)) throw new DomainError('reportCountryUnsupported', { details: { country } });
    await this.sources.plans.require(clientId, FEATURES.reports(country));
    return { areas, country };
  }

  /** The whole document of an order, checked again (access and plan may have changed since it was ordered). */
  async build(clientId: number, mapId: string, body: ReportOrderBody, locale: Locale, now: Date = new Date()): Promise<ReportDocument> {
    const { areas, country } = await this.orderableAreas(clientId, mapId, body);
    const ref = parseMapRef(mapId);
    const { map } = await readableMap(this.sources.store, ref, clientId);
    const access = await this.sources.plans.of(clientId);
    const sections = reportSections(body.sections).filter((section) => {
      const feature = SECTION_FEATURE[section];
      return !feature || featureGranted(access.features, feature(country));
    });
    const [organization, reportAreas] = await Promise.all([
      this.organizationOf(clientId, body),
      this.areasOf(ref, clientId, areas, sections, country, locale, access),
    ]);
    return {
      locale,
      country,
      title: body.title || map.title || translate(locale, 'maps.defaultTitle'),
      mapName: map.title,
      createdAt: now.toISOString(),
      comment: body.comment || null,
      sections,
      colors: {
        primary: body.colors?.primary ?? organization.primaryColor,
        secondary: body.colors?.secondary ?? organization.secondaryColor,
      },
      organization: { name: organization.name, contact: organization.contact, website: organization.website, logo: organization.logo },
      mapStyleUrl: this.sources.mapStyleUrl ?? null,
      areas: reportAreas,
    };
  }

  private async organizationOf(clientId: number, body: ReportOrderBody) {
    const { configuration, logo } = await this.sources.organization.forReport(clientId);
    const choice = body.logo ?? 'organization';
    let image: { contentType: string; content: Buffer } | null = null;
    if (choice === 'organization') image = logo ?? null;
    else if (choice !== 'none') {
      image = this.sources.image ? await this.sources.image(clientId, choice.assetId) : null;
      if (!image) throw new DomainError('notFound');
    }
    return {
      name: configuration.name,
      contact: configuration.contact,
      website: configuration.website,
      primaryColor: configuration.primaryColor ?? DEFAULT_REPORT_COLORS.primary,
      secondaryColor: configuration.secondaryColor ?? DEFAULT_REPORT_COLORS.secondary,
      logo: image ? `data:${image.contentType};base64,${image.content.toString('base64')}` : null,
    };
  }

  private async areasOf(ref: MapRef, clientId: number, areas: AreaRecord[], sections: ReportSection[], country: Country, locale: Locale, access: Access): Promise<ReportArea[]> {
    const polygons = areas.map((area) => area.geometry);
    const [surfaces, businesses, ownData, indicators] = await Promise.all([
      this.surfacesKm2(areas),
      sections.includes('businesses') ? this.businessesOf(ref, clientId, polygons, access) : null,
      sections.includes('ownData') ? this.ownDataOf(ref, clientId, polygons) : null,
      sections.includes('indicators') ? this.indicatorsOf(ref, clientId, areas, country, locale) : null,
    ]);
    return Promise.all(areas.map(async (area, i): Promise<ReportArea> => {
      const onFailure = (error: unknown) => this.sources.log(`report: census of area ${area.uuid} failed`, error);
      const [census, divisions] = await Promise.all([
        sections.includes('census') ? this.sources.measures.measuresOf(area, { locale, country, onFailure }) : undefined,
        sections.includes('divisions') ? this.sources.divisions.divisionsOf(area, country).then((found) => found.divisions) : undefined,
      ]);
      return {
        id: area.uuid,
        label: area.label,
        color: area.color,
        description: areaDescriptionLines(area, { locale, unit: country === 'us' || country === 'gb' ? 'mi' : 'km' }).join(' · '),
        areaKm2: surfaces[i]!,
        geometry: area.geometry,
        ...(census ? { census } : {}),
        ...(businesses ? { businesses: businesses.map((search) => ({ search: search.search, count: search.counts[i]!.count, estimated: search.counts[i]!.estimated })) } : {}),
        ...(ownData ? { ownData: ownData.map((dataset) => ({ name: dataset.name, count: dataset.values[i] ?? 0 })) } : {}),
        ...(indicators ? { indicators: indicators[i]! } : {}),
        ...(divisions ? { divisions } : {}),
      };
    }));
  }

  /** Each area's surface on the ellipsoid, in km² (PostGIS geography). */
  private async surfacesKm2(areas: AreaRecord[]): Promise<number[]> {
    const { rows } = await sql<{ m2: number }>`
      SELECT ST_Area(ST_GeomFromGeoJSON(g)::geography)::float8 AS m2
      FROM unnest(${areas.map((area) => JSON.stringify(area.geometry))}::text[]) WITH ORDINALITY AS t(g, n) ORDER BY n`.execute(this.sources.db);
    return rows.map((row) => Number(row.m2) / 1e6);
  }

  /** The map's business searches in list order, with their counts in every area (the counting feature checked by the service). */
  private async businessesOf(ref: MapRef, clientId: number, polygons: AreaRecord['geometry'][], access: Access) {
    if (!featureGranted(access.features, FEATURES.poiCount)) return [];
    const { searches } = await this.sources.searches.list(ref, clientId);
    return Promise.all(searches.map(async ({ version: _version, ...search }) => ({
      search, counts: await this.sources.searches.count(ref, clientId, search.id, polygons),
    })));
  }

  /** Per area, the map's indicators in list order with their values there (the plan checked by the section's feature). */
  private async indicatorsOf(ref: MapRef, clientId: number, areas: AreaRecord[], country: Country, locale: Locale): Promise<ReportIndicatorValue[][]> {
    const onFailure = (error: unknown) => this.sources.log('report: an indicator measure failed', error);
    const printed = await this.sources.metrics.printable(ref, clientId, areas, { country, locale, onFailure });
    return printed.areas.map((area) => printed.metrics.map((metric) => ({
      name: metric.name, symbol: metric.symbol, formula: metric.formula,
      value: area.metrics.find((value) => value.metricId === metric.id)?.value ?? null,
    })));
  }

  /** The rows of each of the map's datasets inside every area. */
  private async ownDataOf(ref: MapRef, clientId: number, polygons: AreaRecord['geometry'][]) {
    const { datasets } = await this.sources.mapDatasets.list(ref, clientId);
    const ready = datasets.filter((entry) => entry.dataset.status === 'ready');
    return Promise.all(ready.map(async (entry) => ({
      name: entry.dataset.name,
      values: (await this.sources.mapDatasets.aggregate(ref, clientId, entry.datasetId, { polygons, aggregateMethod: 'count' })).values,
    })));
  }
}
