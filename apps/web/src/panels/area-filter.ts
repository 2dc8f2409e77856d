/** The layers panel's search: areas whose label contains the text, ignoring case and accents. */
import type { Area } from '@catchment/domain';

/** Text as searches compare it: without case, accents or surrounding spaces. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

export function areaMatcher(search: string): (area: Area) => boolean {
  const needle = fold(search);
  if (!needle) return () => true;
  return (area) => fold(area.label).includes(needle);
}
