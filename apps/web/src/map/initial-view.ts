/**
 * Where the map opens before any area is shown: Paris for French, Washington otherwise (the
 * fallbacks of SPEC §7 when the visitor's location is unknown), at a regional zoom.
 */
import type { Locale } from '@catchment/domain';

export interface MapViewpoint { center: [number, number]; zoom: number }

const PARIS: [number, number] = [2.3522, 48.8566];
const WASHINGTON: [number, number] = [-77.0369, 38.9072];

export function initialView(locale: Locale): MapViewpoint {
  return locale === 'fr' ? { center: PARIS, zoom: 5 } : { center: WASHINGTON, zoom: 5 };
}
