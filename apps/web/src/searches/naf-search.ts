/**
 * The NAF codes the editor suggests for what the user types: codes that start with it (`56`,
 * `56.1`, `5610A`), then activities whose label in the user's language holds it, broader levels
 * first (a section, a division… before its sub-classes).
 */
import { nafEntries, type Locale, type NafEntry, type NafLevel } from '@catchment/domain';
import { fold } from '../panels/area-filter.js';

const LEVELS: readonly NafLevel[] = ['section', 'division', 'group', 'class', 'subclass'];

export function searchNaf(text: string, locale: Locale, limit = 12): NafEntry[] {
  const needle = fold(text);
  if (!needle) return [];
  const code = needle.replace(/[.\s]/g, '').toUpperCase();
  const all = LEVELS.flatMap((level) => nafEntries(level));
  const byCode = all.filter((entry) => entry.code.startsWith(code));
  const byLabel = all.filter((entry) => !entry.code.startsWith(code) && fold(entry.label[locale]).includes(needle));
  return [...byCode, ...byLabel].slice(0, limit);
}
