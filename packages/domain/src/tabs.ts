/** Analysis panel tabs and where each one is offered (SPEC §2). */
import type { Country } from './enums.js';

export const ANALYSIS_TABS = ['census', 'poi', 'divisions', 'report', 'datasets', 'indicators'] as const;
export type AnalysisTab = (typeof ANALYSIS_TABS)[number];

const TAB_COUNTRIES: Record<AnalysisTab, readonly Country[] | 'all'> = {
  census: ['gb', 'be', 'es', 'at', 'fr', 'us', 'de', 'ww', 'ca'],
  poi: ['us', 'fr', 'gb', 'be', 'ca'],
  divisions: 'all',
  report: ['fr', 'us', 'gb', 'be', 'ca'],
  datasets: 'all',
  indicators: ['fr', 'us', 'gb', 'be', 'es', 'at', 'de', 'ca'],
};

const TABS_WITHOUT_AREA: readonly AnalysisTab[] = ['poi', 'report', 'datasets', 'indicators'];

/** Tabs offered for a country, in the spec's order; without any area only a subset is shown. */
export function availableTabs(country: Country, hasArea: boolean): AnalysisTab[] {
  return ANALYSIS_TABS.filter((tab) => {
    const countries = TAB_COUNTRIES[tab];
    const inCountry = countries === 'all' || countries.includes(country);
    return inCountry && (hasArea || TABS_WITHOUT_AREA.includes(tab));
  });
}

/** The tab to show after a country change: the current one if still offered, else the first offered. */
export function tabAfterCountryChange(current: AnalysisTab, country: Country, hasArea: boolean): AnalysisTab | null {
  const tabs = availableTabs(country, hasArea);
  return tabs.includes(current) ? current : (tabs[0] ?? null);
}
