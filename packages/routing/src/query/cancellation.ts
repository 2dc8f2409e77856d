/**
 * Stopping a search nobody waits for any more. A worker thread installs a check that reads a flag
 * in memory it shares with the pool (engine/worker-pool.ts sets it when the caller gives up), and
 * the long loops (the road searches, RAPTOR's rounds, the polygon's bands) call throwIfCancelled()
 * every few thousand steps: the search stops within milliseconds and its thread, still loaded,
 * takes the next one. Outside a worker nothing is installed and the call answers at once.
 */
import { RoutingError } from '../errors.js';

let isCancelled: () => boolean = () => false;

/** Installs the check the loops call (once per worker thread). */
export function setCancellationCheck(check: () => boolean): void {
  isCancelled = check;
}

/** Throws CANCELLED when the installed check says the search is no longer wanted. */
export function throwIfCancelled(): void {
  if (isCancelled()) throw new RoutingError('CANCELLED', 'The search was cancelled');
}

/** How many nodes a search settles between two checks: a fraction of a millisecond of work. */
export const CANCELLATION_CHECK_EVERY = 4096;
