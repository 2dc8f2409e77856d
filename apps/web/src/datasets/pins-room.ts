/**
 * Whether an account's plan has room for a file's rows (SPEC §6, §9 pins), said before the
 * import so that a free user sees the limit up front. The points used are counted as the server
 * counts them: a dataset being imported by its rows, a ready one by its placed points, a failed
 * one not at all. The server decides when it imports (403 INSUFFICIENT_STORAGE).
 */
import { pinsVerdict, type ClientDatasetView, type PinsVerdict, type PlanDefinition } from '@catchment/domain';

export function pinsUsedBy(datasets: readonly Pick<ClientDatasetView, 'status' | 'rowCount' | 'pointCount'>[]): number {
  return datasets.reduce((used, dataset) => used + (dataset.status === 'importing' ? dataset.rowCount : dataset.status === 'ready' ? dataset.pointCount : 0), 0);
}

export function pinsRoom(plan: PlanDefinition, datasets: Parameters<typeof pinsUsedBy>[0], adding: number): PinsVerdict {
  return pinsVerdict(plan, pinsUsedBy(datasets), adding);
}
