/** The administrative mode's selection rules, kept apart from the form so they can be tested. */
import type { AdministrativeKind, UnitKindSummary } from '@catchment/domain';

export interface SelectedUnit { code: string; name: string }

/** Clicking a unit adds it, clicking it again removes it. */
export function toggleUnit(selection: readonly SelectedUnit[], unit: SelectedUnit): SelectedUnit[] {
  return selection.some((entry) => entry.code === unit.code)
    ? selection.filter((entry) => entry.code !== unit.code)
    : [...selection, unit];
}

/** Communes when their boundaries are loaded, else the first level with boundaries, else the first level. */
const PREFERRED: readonly AdministrativeKind[] = ['fr_cities', 'us_counties', 'gb_districts'];

export function defaultKind(kinds: readonly UnitKindSummary[]): AdministrativeKind | null {
  const withBoundaries = kinds.filter((kind) => kind.geometry !== 'point');
  return PREFERRED.find((kind) => withBoundaries.some((entry) => entry.kind === kind))
    ?? withBoundaries[0]?.kind ?? kinds[0]?.kind ?? null;
}
