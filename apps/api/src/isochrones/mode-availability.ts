/**
 * Where each transport mode is offered, by country of the start point. Configuration
 * (ROUTING_MODE_COUNTRIES) rather than code, so an operator who loads truck-capable data elsewhere
 * widens it; the default is the spec's (SPEC §8): truck and transit only in France, bike and walk
 * only in Europe and North America, car everywhere.
 *
 * Format: `mode=country,country;mode=group,…` with ISO alpha-2 codes, the groups of
 * COUNTRY_GROUPS (europe, north_america) or `*` (everywhere). A mode not listed is offered
 * everywhere.
 */
import { COUNTRY_GROUPS, TRANSPORT_MODES, type ErrorMessageKey, type TransportMode } from '@catchment/domain';

export const DEFAULT_MODE_COUNTRIES = 'truck=fr;heavy_truck=fr;transit=fr;bike=europe,north_america;walk=europe,north_america';

export type ModeCountries = ReadonlyMap<TransportMode, ReadonlySet<string> | 'everywhere'>;

export function parseModeCountries(text: string): ModeCountries {
  const rules = new Map<TransportMode, Set<string> | 'everywhere'>();
  for (const entry of text.split(';').map((part) => part.trim()).filter(Boolean)) {
    const [mode, list = ''] = entry.split('=').map((part) => part.trim());
    if (!(TRANSPORT_MODES as readonly string[]).includes(mode ?? '')) {
      throw new Error(`ROUTING_MODE_COUNTRIES: unknown transport mode "${mode}" (known: ${TRANSPORT_MODES.join(', ')})`);
    }
    const names = list.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
    if (names.length === 0) throw new Error(`ROUTING_MODE_COUNTRIES: no country given for ${mode}`);
    if (names.includes('*')) {
      rules.set(mode as TransportMode, 'everywhere');
      continue;
    }
    const countries = new Set<string>();
    for (const name of names) {
      const group = COUNTRY_GROUPS[name];
      if (group) group.forEach((code) => countries.add(code));
      else if (/^[a-z]{2}$/.test(name)) countries.add(name);
      else throw new Error(`ROUTING_MODE_COUNTRIES: "${name}" is neither a country code nor one of ${Object.keys(COUNTRY_GROUPS).join(', ')}`);
    }
    rules.set(mode as TransportMode, countries);
  }
  return rules;
}

/** The spec's message for each restricted mode, used while the operator keeps the spec's rule. */
const SPEC_REFUSALS: Partial<Record<TransportMode, ErrorMessageKey>> = {
  truck: 'errors.truckOnlyFrance',
  heavy_truck: 'errors.truckOnlyFrance',
  transit: 'errors.transitOnlyFrance',
  bike: 'errors.bikeWalkOnlyEuropeNorthAmerica',
  walk: 'errors.bikeWalkOnlyEuropeNorthAmerica',
};

const DEFAULT_RULES = parseModeCountries(DEFAULT_MODE_COUNTRIES);

/**
 * Why a mode may not start from a country (a message key), or undefined when it may. A start at
 * sea (no country) is refused for every restricted mode.
 */
export function modeRefusal(rules: ModeCountries, mode: TransportMode, country: string | undefined): ErrorMessageKey | undefined {
  const allowed = rules.get(mode);
  if (allowed === undefined || allowed === 'everywhere') return undefined;
  if (country !== undefined && allowed.has(country)) return undefined;
  const specRule = DEFAULT_RULES.get(mode);
  const keepsSpecRule = specRule !== undefined && specRule !== 'everywhere'
    && specRule.size === allowed.size && [...specRule].every((code) => allowed.has(code));
  return (keepsSpecRule && SPEC_REFUSALS[mode]) || 'errors.modeNotOfferedHere';
}
