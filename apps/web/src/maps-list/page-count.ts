/** Number of pages for a list of `total` items shown `limit` at a time (at least one page). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}
