/**
 * The measure catalogue as the analysis panel reads it (SPEC §7): the measures published for a
 * country, grouped into widgets, named in the request's language, or found by a search key.
 */
import type { Country, Locale } from './enums.js';
import { translate } from './i18n/index.js';
import type { CensusWidget } from './schemas/territories.js';
import { MEASURE_GROUPS, measuresOfCountry } from './territories.js';

const measureName = (key: string, locale: Locale) => translate(locale, `measures.${key}`);

/** One widget per group of measures the country publishes, in the groups' order; empty groups left out. */
export function censusWidgets(country: Country, locale: Locale): CensusWidget[] {
  const measures = measuresOfCountry(country);
  return MEASURE_GROUPS.map((group) => ({
    id: group,
    measures: measures.filter((measure) => measure.group === group)
      .map((measure) => ({ key: measure.key, label: measureName(measure.key, locale), unit: measure.unit })),
  })).filter((widget) => widget.measures.length > 0);
}

/** The name of each measure of the country, by key. */
export function measureTranslations(country: Country, locale: Locale): Record<string, string> {
  return Object.fromEntries(measuresOfCountry(country).map((measure) => [measure.key, measureName(measure.key, locale)]));
}

/** The country's measures whose key or name (in the locale, any case) holds the search; all without one. */
export function searchMeasures(country: Country, search: string | undefined, locale: Locale) {
  const needle = search?.toLowerCase() ?? '';
  return measuresOfCountry(country)
    .map((measure) => ({
      key: measure.key, label: measureName(measure.key, locale), unit: measure.unit, group: measure.group,
      source: { type: 'census' as const, datasetPath: measure.datasetPath },
    }))
    .filter((measure) => !needle || measure.key.includes(needle) || measure.label.toLowerCase().includes(needle));
}
