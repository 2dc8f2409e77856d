/**
 * A map's indicators in react-query (`['metrics', mapId]`), the measures their formulas may use
 * (`['metric-widgets', …]`, which lists the indicators too), their values for the areas shown, and
 * the writes. Every write keeps the list as the server answered and asks the values and the
 * measures again; a refusal is the editor's or the card's to say (the server's translated message),
 * a plan refusal also opens the plan comparison (the API client announces it). Changes made
 * elsewhere (a colleague, another tab) come through the real-time channel: the list is fetched again.
 */
import { useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Area, Country, CreateMetricBody, MetricList, MetricView, UpdateMetricBody } from '@catchment/domain';
import { MEASURE_AREAS_MAX } from '@catchment/domain';
import { computeMetrics, createMetric, deleteMetric, fetchMetrics, fetchMetricWidgets, orderMetric, updateMetric } from '../api/metrics.js';
import { announcedMetricsVersion } from '../realtime/newer-version-watch.js';
import { useNewerVersionRefetch } from '../realtime/use-realtime.js';

export const metricsKey = (mapId: string) => ['metrics', mapId] as const;
const widgetsKey = (mapId: string) => ['metric-widgets', mapId] as const;
const valuesKey = (mapId: string) => ['metric-values', mapId] as const;

export function useMetricList(mapId: string | null) {
  return useQuery({
    queryKey: metricsKey(mapId ?? ''),
    queryFn: ({ signal }) => fetchMetrics(mapId!, signal),
    enabled: mapId !== null,
    staleTime: 60_000,
  });
}

/**
 * Fetches the list (and the measures, which name the indicators) again when the map's list-sync
 * announces an indicators version newer than the last one fetched for, at most once per throttle
 * window. The list carries no version: our own writes, announced too, cost one refetch per burst.
 */
export function useMetricsListSync(mapId: string | null): void {
  const queryClient = useQueryClient();
  const announced = useRef(0);
  const fetchedFor = useRef(0);
  useNewerVersionRefetch(mapId === null ? null : `metrics:${mapId}`, {
    announced: (message) => {
      const version = announcedMetricsVersion(message, Number(mapId));
      if (version !== undefined) announced.current = Math.max(announced.current, version);
      return version;
    },
    shownVersion: () => fetchedFor.current,
    refetch: () => {
      fetchedFor.current = announced.current;
      void queryClient.invalidateQueries({ queryKey: metricsKey(mapId ?? '') });
      void queryClient.invalidateQueries({ queryKey: widgetsKey(mapId ?? '') });
    },
  });
}

/**
 * The measures a formula may use in the country, named in the language (the chips); with
 * `editing`, those the indicator being edited may read (not itself, nor the indicators reading it).
 */
export function useMetricWidgets(mapId: string | null, country: Country, language: string, editing?: string) {
  return useQuery({
    queryKey: [...widgetsKey(mapId ?? ''), country, language, editing ?? null],
    queryFn: ({ signal }) => fetchMetricWidgets(mapId!, country, editing, signal),
    enabled: mapId !== null,
    staleTime: 60_000,
  });
}

/** The areas whose values are asked: the saved ones, the selected one first, as many as a call takes. */
export function computedAreas(area: Area | null, areas: readonly Area[]): Area[] {
  if (!area) return [];
  return [area, ...areas.filter((other) => other.uuid !== area.uuid)].filter((entry) => entry.hash !== '').slice(0, MEASURE_AREAS_MAX);
}

/**
 * The values of `metrics` in `areas`, asked again when an area's shape, the country, the language
 * (the reasons' words) or an indicator changes.
 */
export function useMetricValues(mapId: string | null, areas: readonly Area[], country: Country, language: string, metrics: readonly MetricView[]) {
  return useQuery({
    queryKey: [...valuesKey(mapId ?? ''), country, language, areas.map((area) => `${area.uuid}:${area.hash}`), metrics.map((metric) => `${metric.id}:${metric.updatedAt}`)],
    queryFn: ({ signal }) => computeMetrics(mapId!, areas.map((area) => area.uuid), country, metrics.map((metric) => metric.id), signal),
    enabled: mapId !== null && areas.length > 0 && metrics.length > 0,
    staleTime: 30_000,
  });
}

export function useMetricWrites(mapId: string) {
  const queryClient = useQueryClient();
  const key = metricsKey(mapId);
  const setList = (update: (metrics: MetricView[]) => MetricView[]) =>
    queryClient.setQueryData<MetricList>(key, (list) => (list ? { ...list, metrics: update(list.metrics) } : list));
  /** What depends on the list: the measures offered (indicators are measures too) and the values. */
  const refreshDependents = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: widgetsKey(mapId) }),
    queryClient.invalidateQueries({ queryKey: valuesKey(mapId) }),
  ]);
  const withMetric = (metric: MetricView) => setList((metrics) => (metrics.some((entry) => entry.id === metric.id)
    ? metrics.map((entry) => (entry.id === metric.id ? metric : entry))
    : [...metrics, metric]));

  return {
    async create(body: CreateMetricBody): Promise<MetricView> {
      const metric = await createMetric(mapId, body);
      withMetric(metric);
      void refreshDependents();
      return metric;
    },
    async update(metricId: string, body: UpdateMetricBody): Promise<MetricView> {
      const metric = await updateMetric(mapId, metricId, body);
      withMetric(metric);
      void refreshDependents();
      return metric;
    },
    async remove(metricId: string): Promise<void> {
      await deleteMetric(mapId, metricId);
      setList((metrics) => metrics.filter((entry) => entry.id !== metricId));
      void refreshDependents();
    },
    /** Moves the indicator before or after another at once; the list is then the server's answer (read again after a refusal). */
    async move(metricId: string, referenceMetricUuid: string, before: boolean): Promise<void> {
      setList((metrics) => {
        const moved = metrics.find((entry) => entry.id === metricId);
        if (!moved) return metrics;
        const rest = metrics.filter((entry) => entry.id !== metricId);
        const at = rest.findIndex((entry) => entry.id === referenceMetricUuid);
        if (at < 0) return metrics;
        rest.splice(before ? at : at + 1, 0, moved);
        return rest;
      });
      try {
        queryClient.setQueryData<MetricList>(key, await orderMetric(mapId, metricId, { referenceMetricUuid, before }));
      } catch (error) {
        await queryClient.invalidateQueries({ queryKey: key });
        throw error;
      }
    },
  };
}
