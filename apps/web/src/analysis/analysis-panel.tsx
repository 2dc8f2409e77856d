/**
 * The data-analysis panel over the map: a country (the data's, defaulting to where the selected
 * area lies), the six tabs of SPEC §2 in order, each offered where the product has the data
 * (availableTabs), and, without any area, only the tabs that need none. Changing country keeps
 * the tab when it is offered there, else moves to the first one that is, and the figures and
 * divisions are then those of the chosen country's data. The panel leaves the map's controls
 * (zoom buttons, scale, attribution) uncovered; its header's button is its one close control (and
 * Escape within it), the toggle showing only while it is closed. Visitors are told what the
 * analysis gives and offered to sign up. A tab the user's plan does not include (SPEC §6: census
 * from Pro, divisions from Essential) is still offered, locked: it names the plan, and its content
 * says what it gives and opens the plan comparison on that plan (plans/plan-lock.tsx).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { availableTabs, COUNTRIES, FEATURES, tabAfterCountryChange, type AnalysisTab, type Area, type Country, type Plan } from '@catchment/domain';
import { fetchConfig } from '../api/config.js';
import { queryKeys } from '../api/query-keys.js';
import { useEditor } from '../editor/editor-context.js';
import { allAreas, selectedAreas } from '../editor/editor-state.js';
import { useMapAdapter } from '../map/map-context.js';
import type { FeatureTopic } from '../plans/feature-topics.js';
import type { PlanAccess } from '../plans/plan-access.js';
import { LockedFeature, TabLock } from '../plans/plan-lock.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { DatasetsTab } from '../datasets/datasets-tab.js';
import { PoiTab } from '../searches/poi-tab.js';
import { IndicatorsTab } from '../indicators/indicators-tab.js';
import { ReportTab } from '../reports/report-tab.js';
import { areaCentre, useCountryAt } from './analysis-country.js';
import { CensusTab } from './census-tab.js';
import { DivisionsTab } from './divisions-tab.js';
import './analysis.css';

export interface AnalysisTarget {
  /** The saved map the areas belong to; null for a visitor's map (the analysis needs an account). */
  mapId: string | null;
  /** The area the tabs describe, and the visible areas it is compared with. */
  area: Area | null;
  areas: Area[];
  /** The data country the user chose; null for the area's own country. */
  country: Country | null;
}

/** The feature a tab needs in a country (and the words for it), for the tabs the plans gate; null for the others. */
function tabFeature(tab: AnalysisTab, country: Country): { feature: string; topic: FeatureTopic } | null {
  if (tab === 'census') return { feature: FEATURES.census(country), topic: 'census' };
  if (tab === 'divisions') return { feature: FEATURES.divisions(country), topic: 'divisions' };
  if (tab === 'report') return { feature: FEATURES.reports(country), topic: 'reports' };
  if (tab === 'indicators') return { feature: FEATURES.metrics, topic: 'indicators' };
  return null;
}

interface TabLockInfo { feature: string; topic: FeatureTopic; plan: Plan }

/** The lock on a tab for the user's plan; null when the plan includes it (or is not known yet). */
function lockOfTab(tab: AnalysisTab, country: Country, access: PlanAccess | null): TabLockInfo | null {
  const needed = tabFeature(tab, country);
  const plan = needed && access ? access.lockOf(needed.feature) : null;
  return needed && plan ? { ...needed, plan } : null;
}

export function AnalysisPanel({ mapId }: { mapId: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Closing the panel gives the keyboard focus back to the button that opens it.
  useEffect(() => {
    if (wasOpen.current && !open) toggle.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (open) return <AnalysisContent mapId={mapId} onClose={() => setOpen(false)} />;
  return (
    <button ref={toggle} type="button" className="button analysis-toggle" aria-expanded={false} data-testid="analysis-toggle" onClick={() => setOpen(true)}>
      {t('analysis.open')}
    </button>
  );
}

function AnalysisContent({ mapId, onClose }: { mapId: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const { state } = useEditor();
  const adapter = useMapAdapter();
  const areas = allAreas(state).filter((area) => !area.hide);
  const area = selectedAreas(state).find((selected) => !selected.hide) ?? areas[0] ?? null;
  const where = area ? areaCentre(area.geometry) : adapter?.viewCenter() ?? null;
  const detected = useCountryAt(where ? [Math.round(where[0] * 100) / 100, Math.round(where[1] * 100) / 100] : null);
  const [chosen, setChosen] = useState<Country | null>(null);
  const country = chosen ?? detected ?? 'fr';
  // Where the server offers the points-of-interest tab (its POI_TAB_COUNTRIES); the spec's countries until it says.
  const config = useQuery({ queryKey: queryKeys.config, queryFn: ({ signal }) => fetchConfig(signal), staleTime: Infinity });
  const offer = { poiCountries: config.data?.poiTabCountries };
  const tabs = availableTabs(country, area !== null, offer);
  const [tab, setTab] = useState<AnalysisTab>(tabs[0] ?? 'census');
  const current = tabs.includes(tab) ? tab : tabAfterCountryChange(tab, country, area !== null, offer) ?? tabs[0]!;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const closeButton = useRef<HTMLButtonElement>(null);
  const access = usePlanAccess();
  const currentLock = lockOfTab(current, country, access);

  useEffect(() => closeButton.current?.focus(), []);

  // The detected country follows the selected area until the user picks one.
  useEffect(() => setChosen(null), [area?.uuid]);

  const changeCountry = (next: Country) => {
    setChosen(next);
    const after = tabAfterCountryChange(current, next, area !== null, offer);
    if (after) setTab(after);
  };

  // Escape closes the panel (on phones a sheet under the map), unless something inside took it.
  const onPanelKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    setTab(tabs[next]!);
    buttons.current[next]?.focus();
  };

  const target: AnalysisTarget = { mapId, area, areas, country: chosen };
  return (
    <section className="analysis-panel" data-testid="analysis-panel" aria-labelledby={`${id}-title`} onKeyDown={onPanelKey}>
      <header className="analysis-header">
        <h2 id={`${id}-title`} className="panel-title">{t('analysis.title')}</h2>
        <label className="analysis-country">
          <span className="visually-hidden">{t('analysis.country')}</span>
          <select value={country} data-testid="analysis-country" aria-label={t('analysis.country')} onChange={(event) => changeCountry(event.target.value as Country)}>
            {COUNTRIES.map((code) => <option key={code} value={code}>{t(`analysis.countries.${code}`)}</option>)}
          </select>
        </label>
        <button ref={closeButton} type="button" className="button button-small button-ghost analysis-close" aria-label={t('analysis.close')} title={t('analysis.close')}
          data-testid="analysis-close" onClick={onClose}>×</button>
      </header>
      <div className="panel-tabs analysis-tabs" role="tablist">
        {tabs.map((item, index) => {
          const lock = lockOfTab(item, country, access);
          return (
            <button key={item} ref={(element) => { buttons.current[index] = element; }} type="button" role="tab"
              id={`${id}-tab-${item}`} aria-selected={item === current} aria-controls={`${id}-tabpanel`} tabIndex={item === current ? 0 : -1}
              className={['panel-tab', item === current ? 'panel-tab-active' : '', lock ? 'panel-tab-locked' : ''].filter(Boolean).join(' ')}
              data-testid={`analysis-tab-${item}`} data-locked-plan={lock?.plan}
              onClick={() => setTab(item)} onKeyDown={(event) => onTabKey(event, index)}>
              {t(`analysis.tabs.${item}`)}
              {lock && <TabLock plan={lock.plan} />}
            </button>
          );
        })}
      </div>
      <div className="analysis-body" role="tabpanel" id={`${id}-tabpanel`} aria-labelledby={`${id}-tab-${current}`}>
        {/* Visitors are told what the analysis gives and how to get it; the POI tab also lets them try
            the editor (saving asks them to sign up). */}
        {mapId === null && current === 'poi' ? <><VisitorPrompt /><PoiTab target={target} country={country} /></> : mapId === null ? (currentLock ? <LockedFeature {...currentLock} visitor /> : <VisitorPrompt />) : (
          <>
            {!area && <p className="panel-note">{t('analysis.noArea')}</p>}
            {access === null
              ? <p className="panel-note analysis-loading" role="status"><span className="spinner" aria-hidden />{t('analysis.loading')}</p>
              : currentLock ? <LockedFeature {...currentLock} visitor={access.visitor} /> : <TabContent tab={current} target={target} country={country} />}
          </>
        )}
      </div>
    </section>
  );
}

/** What a visitor gets instead of figures: what the analysis would tell, and the way to sign up (their map comes along). */
function VisitorPrompt() {
  const { t } = useTranslation();
  return (
    <div className="analysis-visitor" data-testid="analysis-visitor">
      <p>{t('analysis.visitor')}</p>
      <div className="analysis-visitor-actions">
        <Link className="button button-primary" to="/signup" data-testid="analysis-signup">{t('analysis.visitorSignup')}</Link>
        <Link to="/login" data-testid="analysis-login">{t('analysis.visitorLogin')}</Link>
      </div>
    </div>
  );
}

function TabContent({ tab, target, country }: { tab: AnalysisTab; target: AnalysisTarget; country: Country }) {
  if (tab === 'poi') return <PoiTab target={target} country={country} />;
  if (tab === 'datasets') return <DatasetsTab target={target} />;
  if (tab === 'report') return <ReportTab target={target} />;
  if (tab === 'indicators') return <IndicatorsTab target={target} country={country} />;
  // The census and the divisions are of an area: without one, the panel's note asks to draw it.
  if (!target.area) return null;
  return tab === 'census' ? <CensusTab target={target} /> : <DivisionsTab target={target} />;
}
