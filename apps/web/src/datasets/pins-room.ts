/**
 * Whether an account's plan has room for a file's rows (SPEC §6, §9 pins), said before the
 * import so that a free user sees the limit up front. The points used are counted as the server
 * counts them: a dataset being imported by its rows, a ready one by its placed points, a failed
 * one not at all. The server decides when it imports (403 INSUFFICIENT_STORAGE).
 */
import { PIN_PACK_SIZE, pinsVerdict, type ClientDatasetView, type PinsVerdict } from '@catchment/domain';
import type { PlanAccess } from '../plans/plan-access.js';

export function pinsUsedBy(datasets: readonly Pick<ClientDatasetView, 'status' | 'rowCount' | 'pointCount'>[]): number {
  return datasets.reduce((used, dataset) => used + (dataset.status === 'importing' ? dataset.rowCount : dataset.status === 'ready' ? dataset.pointCount : 0), 0);
}

/** `access`: the account's plan and pins, its extra packs included. */
export function pinsRoom(access: Pick<PlanAccess, 'plan' | 'pins'>, datasets: Parameters<typeof pinsUsedBy>[0], adding: number): PinsVerdict {
  return pinsVerdict(access.plan, pinsUsedBy(datasets), adding, access.pins);
}

/**
 * The payment page's order for `adding` more extra packs on the plan in force (the packs the
 * account holds already kept), for the upsell of a file that does not fit.
 */
export function pinPacksOrderPath(access: Pick<PlanAccess, 'plan' | 'pins'>, adding: number): string {
  const owned = Math.max(0, Math.round((access.pins - access.plan.pins) / PIN_PACK_SIZE));
  return `/payment/${access.plan.id}?pinPacks=${owned + adding}`;
}
