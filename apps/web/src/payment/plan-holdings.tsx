/**
 * What a user now has with their plan, for the payment success page: what the plan includes (the
 * plan comparison's wording, from the catalogue's facts) with the subscription's own pins, packs
 * included. Only what is included is listed: it is what was bought, not a comparison.
 */
import { useTranslation } from 'react-i18next';
import type { PlanFacts } from '../plans/plan-offers.js';

export function PlanHoldings({ facts, locale }: { facts: PlanFacts; locale: string }) {
  const { t } = useTranslation();
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  const reachText = (key: string, reach: PlanFacts['census']) => (reach === 'some' ? t('plansDialog.facts.someCountries', { what: t(key) }) : t(key));
  const lines: { key: string; text: string | null }[] = [
    { key: 'census', text: facts.census === 'none' ? null : reachText('plansDialog.facts.census', facts.census) },
    { key: 'divisions', text: facts.divisions === 'none' ? null : reachText('plansDialog.facts.divisions', facts.divisions) },
    {
      key: 'areas',
      text: facts.areasPerMap === null ? t('plansDialog.facts.areasUnlimited') : t('plansDialog.facts.areas', { count: facts.areasPerMap, formatted: count(facts.areasPerMap) }),
    },
    { key: 'indicators', text: facts.indicators === 'no' ? null : t(facts.indicators === 'formulas' ? 'plansDialog.facts.indicatorFormulas' : 'plansDialog.facts.indicators') },
    {
      key: 'searches',
      text: facts.searches === null ? t('plansDialog.facts.searchesUnlimited') : t('plansDialog.facts.searches', { count: facts.searches, formatted: count(facts.searches) }),
    },
    { key: 'reports', text: facts.reports === 'none' ? null : reachText('plansDialog.facts.reports', facts.reports) },
    { key: 'multiAreaExport', text: facts.multiAreaExport ? t('plansDialog.facts.multiAreaExport') : null },
    { key: 'pins', text: t('plansDialog.facts.pins', { count: facts.pins, formatted: count(facts.pins) }) },
  ];
  return (
    <ul className="plan-holdings" data-testid="payment-success-holdings">
      {lines.filter((line) => line.text !== null).map((line) => (
        <li key={line.key} data-fact={line.key}>
          <svg className="plan-holdings-mark" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"
            fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 12l5 5 9-10" />
          </svg>
          <span>{line.text}</span>
        </li>
      ))}
    </ul>
  );
}
