/**
 * A map's indicators (SPEC §7 metrics calls; apps/api/src/metrics): the list, the writes, their
 * values for areas, and the measures a formula may use (the editor's chips), named in the
 * request's language.
 */
import type { ComputeMetricsResponse, Country, CreateMetricBody, MetricList, MetricView, MetricWidgets, UpdateMetricBody } from '@catchment/domain';
import { apiDownload, apiRequest } from './client.js';

export type { ComputeMetricsResponse, MeasureChoice, MetricList, MetricView, MetricWidgets } from '@catchment/domain';

const base = (mapId: string) => `/v2/maps/${mapId}/metrics`;

export const fetchMetrics = (mapId: string, signal?: AbortSignal) => apiRequest<MetricList>('GET', base(mapId), undefined, { signal });

export const createMetric = (mapId: string, body: CreateMetricBody) => apiRequest<MetricView>('POST', base(mapId), body);

export const updateMetric = (mapId: string, metricId: string, body: UpdateMetricBody) =>
  apiRequest<MetricView>('PATCH', `${base(mapId)}/${metricId}`, body);

export const deleteMetric = (mapId: string, metricId: string) => apiRequest<void>('DELETE', `${base(mapId)}/${metricId}`);

/** Answers the list after the move. */
export const orderMetric = (mapId: string, metricId: string, move: { referenceMetricUuid: string; before: boolean }) =>
  apiRequest<MetricList>('PUT', `${base(mapId)}/${metricId}/order`, move);

export const computeMetrics = (mapId: string, areaIds: string[], country: Country, metricIds: string[] | undefined, signal?: AbortSignal) =>
  apiRequest<ComputeMetricsResponse>('POST', `${base(mapId)}/compute`, { areaIds, country, ...(metricIds ? { metricIds } : {}) }, { signal });

/** `metricId`: the indicator being edited, which the server leaves out with the indicators reading it (a cycle). */
export const fetchMetricWidgets = (mapId: string, country: Country, metricId: string | undefined, signal?: AbortSignal) =>
  apiRequest<MetricWidgets>('GET', `/v2/maps/${mapId}/widgets/metrics?country=${country}${metricId ? `&metricId=${metricId}` : ''}`, undefined, { signal });

/** The indicators of the map in areas as an XLSX file: the values metrics/compute gives, each indicator's formula in words. */
export const downloadIndicators = (mapId: string, areaIds: string[], country: Country) =>
  apiDownload('POST', `/v2/maps/${mapId}/xlsxreport/indicators`, { areaIds, country });
