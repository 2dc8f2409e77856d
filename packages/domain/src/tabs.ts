/** Analysis panel tabs and where each one is offered (SPEC §2). */
import type { Country } from './enums.js';
import { REPORT_COUNTRIES } from './reports/report.js';

export const ANALYSIS_TABS = ['census', 'poi', 'divisions', 'report', 'datasets', 'indicators'] as const;
export type AnalysisTab = (typeof ANALYSIS_TABS)[number];

/** Where the points-of-interest tab is offered unless the server's configuration says otherwise (POI_TAB_COUNTRIES). */
export const DEFAULT_POI_TAB_COUNTRIES: readonly Country[] = ['us', 'fr', 'gb', 'be', 'ca'];

const TAB_COUNTRIES: Record<AnalysisTab, readonly Country[] | 'all'> = {
  census: ['gb', 'be', 'es', 'at', 'fr', 'us', 'de', 'ww', 'ca'],
  poi: DEFAULT_POI_TAB_COUNTRIES,
  divisions: 'all',
  report: REPORT_COUNTRIES,
  datasets: 'all',
  indicators: ['fr', 'us', 'gb', 'be', 'es', 'at', 'de', 'ca'],
};

const TABS_WITHOUT_AREA: readonly AnalysisTab[] = ['poi', 'report', 'datasets', 'indicators'];

/** Where the server offers the tabs it configures (its public config); unset: the spec's countries. */
export interface TabOffer { poiCountries?: readonly Country[] }

/** Tabs offered for a country, in the spec's order; without any area only a subset is shown. */
export function availableTabs(country: Country, hasArea: boolean, offer: TabOffer = {}): AnalysisTab[] {
  return ANALYSIS_TABS.filter((tab) => {
    const countries = tab === 'poi' && offer.poiCountries ? offer.poiCountries : TAB_COUNTRIES[tab];
    const inCountry = countries === 'all' || countries.includes(country);
    return inCountry && (hasArea || TABS_WITHOUT_AREA.includes(tab));
  });
}

/** The tab to show after a country change: the current one if still offered, else the first offered. */
export function tabAfterCountryChange(current: AnalysisTab, country: Country, hasArea: boolean, offer: TabOffer = {}): AnalysisTab | null {
  const tabs = availableTabs(country, hasArea, offer);
  return tabs.includes(current) ? current : (tabs[0] ?? null);
}
