/**
 * The heatmap of a map (SPEC §1, §7; a visitor's map: the public census heatmaps, the free plan's): a "Heatmap" button over the map's bottom-left corner
 * opens a card with the settings (heatmap-form.tsx) and the legend (heatmap-legend.tsx); the
 * heatmap itself is drawn through the map adapter, coloured by the legend the server computed for
 * the same query. It opens on the population density of the communes (or the country's usual
 * level), the country being the one the map shows until the user picks another; the settings are
 * kept per map in this browser. Escape closes the settings, the focus going back to the button.
 * Beside it, "Where to open" (where-to-open-view.tsx) takes the card's place, the heatmap off the map
 * meanwhile.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ERROR_CODES, FEATURES, type Country } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { fetchHeatmapLegend, heatmapTilesUrl } from '../api/heatmaps.js';
import { fetchUnitKinds } from '../api/territories.js';
import { areaCentre, useCountryAt } from '../analysis/analysis-country.js';
import { useEditor } from '../editor/editor-context.js';
import { useMetricList } from '../indicators/use-metrics.js';
import { allAreas } from '../editor/editor-state.js';
import { useMapAdapter } from '../map/map-context.js';
import { Icon } from '../panels/icons.js';
import type { PlanAccess } from '../plans/plan-access.js';
import { TabLock } from '../plans/plan-lock.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { HeatmapForm, type MeasureLock } from './heatmap-form.js';
import { HeatmapLegendView, type LegendState } from './heatmap-legend.js';
import { densityAllowed, heatmapQueryOf, offeredKinds, settingsIn, type HeatmapMeasure } from './heatmap-settings.js';
import { useHeatmapSettings } from './use-heatmap-settings.js';
import { useViewZoom } from './use-view-zoom.js';
import { WhereToOpenView } from './where-to-open-view.js';
import './heatmap.css';

/** How far past the level's first zoom "Zoom in" goes, so that its units are drawn at once. */
const ZOOM_IN_MARGIN = 1;

/** The lock on a heatmap for the user's plan (SPEC §6: `heatmap:<measure>:<country>`, an indicator's `heatmap:metric:<country>`, as the server checks). */
function lockOfMeasure(measure: HeatmapMeasure, country: Country, access: PlanAccess | null): MeasureLock | null {
  if (!access) return null;
  const feature = FEATURES.heatmap(measure.kind === 'census' ? measure.key : 'metric', country);
  const plan = access.lockOf(feature);
  return plan ? { feature, plan } : null;
}

/** `mapId`: the saved map shown; null for a visitor's map. */
export function HeatmapView({ mapId }: { mapId: string | null }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const adapter = useMapAdapter();
  const access = usePlanAccess();
  const { state } = useEditor();
  const [stored, update] = useHeatmapSettings(mapId);
  const [expanded, setExpanded] = useState(false);
  const [whereToOpen, setWhereToOpen] = useState(false);
  const whereToOpenToggle = useRef<HTMLButtonElement>(null);
  const whereToOpenSwitch = useRef<HTMLButtonElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const firstControl = useRef<HTMLInputElement>(null);
  const zoom = useViewZoom(adapter);

  // The country the map shows: its first area's, else the view's (as the analysis panel finds it).
  const firstArea = allAreas(state)[0];
  const where = firstArea ? areaCentre(firstArea.geometry) : adapter?.viewCenter() ?? null;
  const detected = useCountryAt(where ? [Math.round(where[0] * 100) / 100, Math.round(where[1] * 100) / 100] : null);
  const country = stored.country ?? detected ?? 'fr';
  const kindsList = useQuery({ queryKey: ['units', 'kinds'], queryFn: fetchUnitKinds, staleTime: 60_000 });
  const loadedKinds = kindsList.data ? kindsList.data.kinds.filter((kind) => kind.units > 0).map((kind) => kind.kind) : null;
  const pointKinds = kindsList.data ? kindsList.data.kinds.filter((kind) => kind.geometry === 'point').map((kind) => kind.kind) : [];
  const settings = settingsIn(stored, country, loadedKinds, pointKinds);
  const query = heatmapQueryOf(settings, country);
  // The map's indicators (the indicators tab's list), asked only of a plan that has them: a free
  // user is not shown the plans dialog for a list they did not ask for.
  const indicators = useMetricList(mapId !== null && access?.may(FEATURES.metrics) ? mapId : null).data?.metrics ?? [];
  const lockOf = (measure: HeatmapMeasure) => lockOfMeasure(measure, country, access);
  const lock = lockOf(settings.measure);
  const reachabilityPlan = access?.lockOf(FEATURES.reachabilityHeatmap) ?? null;
  const reachabilityLock = reachabilityPlan ? { feature: FEATURES.reachabilityHeatmap, plan: reachabilityPlan } : null;

  const legend = useQuery({
    queryKey: ['heatmap-legend', mapId, i18n.language, query],
    queryFn: ({ signal }) => fetchHeatmapLegend(mapId, query, signal),
    enabled: settings.shown && access !== null && !lock,
    staleTime: 5 * 60_000,
    retry: false,
  });

  const [tileError, setTileError] = useState<string | null>(null);
  const tilesUrl = legend.data ? heatmapTilesUrl(mapId, query, legend.data.version) : null;
  useEffect(() => setTileError(null), [tilesUrl]);

  const drawn = settings.shown && !whereToOpen && !lock && legend.data ? legend.data : null;
  const { opacity } = settings;
  useEffect(() => {
    if (!adapter) return;
    adapter.showHeatmap(drawn && tilesUrl ? {
      tilesUrl, minZoom: drawn.minZoom, colors: drawn, opacity,
      onTileError: (status) => setTileError(status === 503 ? t('errors.heatmapTimeout') : t('heatmap.tilesError')),
    } : null);
  }, [adapter, drawn, tilesUrl, opacity, t]);
  // Leaving the map (another map, the account pages) takes the heatmap off.
  useEffect(() => () => adapter?.showHeatmap(null), [adapter]);

  // Opening the settings puts the focus in them; closing them (or the card) gives it back to the button that opens them.
  const wasOpen = useRef({ expanded, shown: settings.shown });
  useEffect(() => {
    const before = wasOpen.current;
    if (expanded && !before.expanded) firstControl.current?.focus();
    else if (!expanded && !settings.shown && (before.expanded || before.shown)) toggle.current?.focus();
    else if (!expanded && before.expanded) settingsButton.current?.focus();
    wasOpen.current = { expanded, shown: settings.shown };
  }, [expanded, settings.shown]);

  // Closing "Where to open" gives the focus back to the button that opened it.
  const wasWhereToOpen = useRef(whereToOpen);
  useEffect(() => {
    if (wasWhereToOpen.current && !whereToOpen) (whereToOpenToggle.current ?? whereToOpenSwitch.current)?.focus();
    wasWhereToOpen.current = whereToOpen;
  }, [whereToOpen]);

  if (whereToOpen) {
    return (
      <div className="heatmap-dock">
        <WhereToOpenView mapId={mapId} lock={reachabilityLock} onClose={() => setWhereToOpen(false)}
          onShowHeatmap={() => { setWhereToOpen(false); update({ shown: true }); }} />
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || !expanded) return;
    event.preventDefault();
    setExpanded(false);
  };

  if (!expanded && !settings.shown) {
    return (
      <div className="heatmap-dock">
        <button ref={toggle} type="button" className="button heatmap-toggle" aria-expanded={false} data-testid="heatmap-toggle"
          title={t('heatmap.openTitle')} onClick={() => { update({ shown: true }); setExpanded(true); }}>
          <Icon name="heatmap" />
          {t('heatmap.title')}
        </button>
        <button ref={whereToOpenToggle} type="button" className="button heatmap-toggle" aria-expanded={false} data-testid="where-to-open-toggle"
          data-locked-plan={reachabilityLock?.plan} title={t('whereToOpen.openTitle')} onClick={() => setWhereToOpen(true)}>
          <Icon name="target" />
          {t('whereToOpen.title')}
          {reachabilityLock && <TabLock plan={reachabilityLock.plan} />}
        </button>
      </div>
    );
  }

  const measureName = settings.measure.kind === 'census'
    ? t(`measures.${settings.measure.key}`)
    : indicators.find((indicator) => settings.measure.kind === 'metric' && indicator.id === settings.measure.id)?.name ?? t('heatmap.indicator');
  const title = settings.densityMode === 'density' ? t('heatmap.perSquareKilometre', { measure: measureName }) : measureName;
  const legendState: LegendState = lock ? { status: 'locked', plan: lock.plan }
    : legend.data ? { status: 'ready', legend: legend.data }
    : legend.isError ? { status: 'error', message: legendError(legend.error, t('heatmap.error')), retry: () => void legend.refetch() }
    : { status: 'loading' };

  return (
    <div className="heatmap-dock" onKeyDown={onKeyDown}>
      <section className="heatmap-card" data-testid="heatmap-card" aria-labelledby={`${id}-title`}>
        <div className="heatmap-card-header">
          <h2 id={`${id}-title`} className="heatmap-card-title"><Icon name="heatmap" />{t('heatmap.title')}</h2>
          <button ref={whereToOpenSwitch} type="button" className="icon-button" aria-label={t('whereToOpen.title')} title={t('whereToOpen.openTitle')}
            data-testid="heatmap-where-to-open" data-locked-plan={reachabilityLock?.plan} onClick={() => { setExpanded(false); setWhereToOpen(true); }}>
            <Icon name="target" />
          </button>
          <button ref={settingsButton} type="button" className="icon-button heatmap-settings-toggle" aria-expanded={expanded} aria-controls={`${id}-form`}
            aria-label={t('heatmap.settings')} title={t('heatmap.settings')} data-testid="heatmap-settings-toggle" onClick={() => setExpanded(!expanded)}>
            <Icon name="sliders" />
          </button>
          <button type="button" className="icon-button" aria-label={t('heatmap.hide')} title={t('heatmap.hide')} data-testid="heatmap-hide"
            onClick={() => { update({ shown: false }); setExpanded(false); }}>
            <Icon name="close" />
          </button>
        </div>
        {expanded && (
          <HeatmapForm id={`${id}-form`} settings={settings} country={country} kinds={offeredKinds(country, loadedKinds)} indicators={indicators}
            pointsOnly={!densityAllowed(settings.adminDivision, pointKinds)}
            lockOf={lockOf} onChange={update} firstControl={firstControl} />
        )}
        {settings.shown && <HeatmapLegendView title={title} level={t(`unitKinds.${settings.adminDivision}`)} state={legendState} tileError={tileError}
          onZoomIn={drawn && adapter && zoom !== null && zoom < drawn.minZoom ? () => adapter.flyTo(adapter.viewCenter(), drawn.minZoom + ZOOM_IN_MARGIN) : null} />}
      </section>
    </div>
  );
}

/** The server's own words for a refusal or a time-out (translated by it); a generic line for anything else. */
function legendError(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.status < 500 || error.code === ERROR_CODES.heatmapTimeout) ? error.message : fallback;
}
