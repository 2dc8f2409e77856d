/**
 * The data-analysis panel over the map: a country (the data's, defaulting to where the selected
 * area lies), the six tabs of SPEC §2 in order, each offered where the product has the data
 * (availableTabs), and, without any area, only the tabs that need none. Changing country keeps
 * the tab when it is offered there, else moves to the first one that is.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { availableTabs, COUNTRIES, tabAfterCountryChange, type AnalysisTab, type Area, type Country } from '@catchment/domain';
import { useEditor } from '../editor/editor-context.js';
import { allAreas, selectedAreas } from '../editor/editor-state.js';
import { useMapAdapter } from '../map/map-context.js';
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
}

export function AnalysisPanel({ mapId }: { mapId: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button analysis-toggle" aria-expanded={open} data-testid="analysis-toggle" onClick={() => setOpen(!open)}>
        {open ? t('analysis.close') : t('analysis.open')}
      </button>
      {open && <AnalysisContent mapId={mapId} onClose={() => setOpen(false)} />}
    </>
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
  const tabs = availableTabs(country, area !== null);
  const [tab, setTab] = useState<AnalysisTab>(tabs[0] ?? 'census');
  const current = tabs.includes(tab) ? tab : tabAfterCountryChange(tab, country, area !== null) ?? tabs[0]!;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  // The detected country follows the selected area until the user picks one.
  useEffect(() => setChosen(null), [area?.uuid]);

  const changeCountry = (next: Country) => {
    setChosen(next);
    const after = tabAfterCountryChange(current, next, area !== null);
    if (after) setTab(after);
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    setTab(tabs[next]!);
    buttons.current[next]?.focus();
  };

  const target: AnalysisTarget = { mapId, area, areas };
  return (
    <section className="analysis-panel" data-testid="analysis-panel" aria-labelledby={`${id}-title`}>
      <header className="analysis-header">
        <h2 id={`${id}-title`} className="panel-title">{t('analysis.title')}</h2>
        <label className="analysis-country">
          <span className="visually-hidden">{t('analysis.country')}</span>
          <select value={country} data-testid="analysis-country" aria-label={t('analysis.country')} onChange={(event) => changeCountry(event.target.value as Country)}>
            {COUNTRIES.map((code) => <option key={code} value={code}>{t(`analysis.countries.${code}`)}</option>)}
          </select>
        </label>
        <button type="button" className="button button-small button-ghost" aria-label={t('analysis.close')} onClick={onClose}>×</button>
      </header>
      <div className="panel-tabs analysis-tabs" role="tablist">
        {tabs.map((item, index) => (
          <button key={item} ref={(element) => { buttons.current[index] = element; }} type="button" role="tab"
            id={`${id}-tab-${item}`} aria-selected={item === current} aria-controls={`${id}-tabpanel`} tabIndex={item === current ? 0 : -1}
            className={item === current ? 'panel-tab panel-tab-active' : 'panel-tab'} data-testid={`analysis-tab-${item}`}
            onClick={() => setTab(item)} onKeyDown={(event) => onTabKey(event, index)}>
            {t(`analysis.tabs.${item}`)}
          </button>
        ))}
      </div>
      <div className="analysis-body" role="tabpanel" id={`${id}-tabpanel`} aria-labelledby={`${id}-tab-${current}`}>
        {!area && <p className="panel-note">{t('analysis.noArea')}</p>}
        <TabContent tab={current} target={target} />
      </div>
    </section>
  );
}

function TabContent({ tab, target }: { tab: AnalysisTab; target: AnalysisTarget }) {
  const { t } = useTranslation();
  if ((tab === 'census' || tab === 'divisions') && target.area) {
    if (!target.mapId) return <p className="panel-note" data-testid="analysis-visitor">{t('analysis.visitor')}</p>;
    return tab === 'census' ? <CensusTab target={target} /> : <DivisionsTab target={target} />;
  }
  if (tab === 'census' || tab === 'divisions') return null;
  return (
    <div className="analysis-upcoming" data-testid={`analysis-upcoming-${tab}`}>
      <p>{t(`analysis.upcoming.${tab}`)}</p>
      <p className="panel-note">{t('analysis.upcomingNote')}</p>
    </div>
  );
}
