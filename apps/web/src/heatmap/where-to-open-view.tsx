/**
 * The "where to open" card (SPEC §1 heatmaps; POST /v2/maps/{id}/heatmap/reachability): for a grid
 * over the map's view, the people reachable from each cell within a travel time by a routed mode,
 * net of a competitors' search when one is chosen. Compute asks the server (seconds); the answer is
 * drawn through the map adapter as cells in their class colours, with its legend, a summary and
 * the best cells, each flying the map to its place and outlining it. Closing the card (or leaving
 * the map) cancels a computation under way and takes the layer off. A plan without
 * `heatmap:reachability` sees the plan that has it, and nothing is asked of the server.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, type Plan, type ReachabilityHeatmap, type ReachabilityHeatmapRequest } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { computeReachability } from '../api/reachability.js';
import { useLocale } from '../i18n/index.js';
import { useMapAdapter } from '../map/map-context.js';
import { Icon } from '../panels/icons.js';
import { LockedButton, LockIcon } from '../plans/plan-lock.js';
import { searchTitle } from '../searches/search-title.js';
import { useSearchList } from '../searches/use-searches.js';
import { HEATMAP_OPACITY } from './heatmap-settings.js';
import { cellCount, cellSizeFor, cellSizesFor, coverageOfView, type GridCoverage } from './reachability-extent.js';
import { WhereToOpenForm, type WhereToOpenChoices } from './where-to-open-form.js';
import { WhereToOpenResults } from './where-to-open-results.js';

const DEFAULT_CHOICES: WhereToOpenChoices = { transportMode: 'car', minutes: 10, cellMeters: null, competitorSearchId: null, opacity: HEATMAP_OPACITY.default };
/** The zoom a best cell is shown at, at least: close enough to see the cell among its streets. */
const BEST_CELL_MIN_ZOOM = 14;
/** The gap between the card and the map's edge (heatmap.css). */
const CARD_MARGIN_PX = 12;

interface WhereToOpenViewProps {
  /** The saved map; null for a visitor's map (the layer is computed for a saved map only). */
  mapId: string | null;
  /** The plan that includes the layer, when the user's does not. */
  lock: { feature: string; plan: Plan } | null;
  onClose(): void;
  onShowHeatmap(): void;
}

export function WhereToOpenView({ mapId, lock, onClose, onShowHeatmap }: WhereToOpenViewProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const adapter = useMapAdapter();
  const queryClient = useQueryClient();
  const card = useRef<HTMLElement>(null);
  const firstControl = useRef<HTMLSelectElement>(null);
  const seePlans = useRef<HTMLDivElement>(null);
  const [choices, setChoices] = useState(DEFAULT_CHOICES);
  /** The computation asked for: its request, and a number so that the same settings asked again compute again (roads or competitors may have changed). */
  const [run, setRun] = useState<{ request: ReachabilityHeatmapRequest; id: number } | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [expanded, setExpanded] = useState(true);
  const coverage = useViewCoverage();
  const usable = !lock && mapId !== null;

  const searches = useSearchList(usable ? mapId : null).data?.searches ?? [];
  const competitors = searches.map((search) => ({ id: search.id, title: searchTitle(search, locale) ?? t('whereToOpen.untitledSearch') }));
  const cellSizes = coverage ? cellSizesFor(coverage.bbox) : [];
  const cellMeters = coverage ? cellSizeFor(coverage.bbox, choices.cellMeters) : 0;
  const cells = coverage ? cellCount(coverage.bbox, cellMeters) : 0;

  const queryKey = ['reachability', mapId, run] as const;
  const layer = useQuery({
    queryKey,
    // Cancelled through the signal when the card closes or another computation is asked for: the server stops routing.
    queryFn: ({ signal }) => computeReachability(mapId!, run!.request, signal),
    enabled: usable && run !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const answer = run ? layer.data ?? null : null;
  const computing = run !== null && layer.isFetching;
  // A layer shown folds the settings: the legend and the best places come up, the map keeps its room.
  useEffect(() => {
    if (answer) setExpanded(false);
  }, [answer]);
  // The button pressed gives way to the computing line, then to the results: the focus follows, to
  // Cancel, then to the best place (or back to Compute after a refusal), never lost to the page.
  const wasComputing = useRef(computing);
  useEffect(() => {
    const focusIn = (selector: string) => card.current?.querySelector<HTMLElement>(selector)?.focus();
    if (computing && !wasComputing.current) focusIn('.where-to-open-cancel');
    else if (!computing && wasComputing.current && focusLeftInCard(card.current)) {
      focusIn(answer && answer.best.length > 0 ? '.where-to-open-best-cell' : '.where-to-open-compute');
    }
    wasComputing.current = computing;
  }, [computing, answer]);

  const { opacity } = choices;
  useEffect(() => {
    adapter?.showReachability(answer ? { cells: answer.cells, colors: answer.colors, opacity, highlightedIndex: highlighted } : null);
  }, [adapter, answer, opacity, highlighted]);
  useEffect(() => () => adapter?.showReachability(null), [adapter]);

  // Opening puts the focus in the card: its first setting, or the way to the plan that has it; so
  // does unfolding the settings.
  useEffect(() => {
    if (usable && expanded) firstControl.current?.focus();
    else if (!usable) seePlans.current?.querySelector('button')?.focus();
  }, [usable, expanded]);

  const compute = () => {
    if (!coverage) return;
    setHighlighted(null);
    const request: ReachabilityHeatmapRequest = {
      bbox: coverage.bbox, cellMeters, transportMode: choices.transportMode, durationSeconds: choices.minutes * 60,
      ...(choices.competitorSearchId !== null ? { competitorSearchId: choices.competitorSearchId } : {}),
    };
    setRun((previous) => ({ request, id: (previous?.id ?? 0) + 1 }));
  };
  const cancel = () => {
    void queryClient.cancelQueries({ queryKey });
    setRun(null);
  };
  const showCell = (cell: ReachabilityHeatmap['best'][number]) => {
    if (!adapter) return;
    setHighlighted(cell.index);
    // The card covers the map's bottom-left: the cell lands in the middle of what is left in view.
    const width = card.current ? card.current.offsetWidth + CARD_MARGIN_PX : 0;
    adapter.flyTo(cell.center, Math.max(adapter.viewZoom(), BEST_CELL_MIN_ZOOM), { left: width });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };

  const competitorsTitle = answer?.competitors ? competitors.find((search) => search.id === answer.competitors!.searchId)?.title ?? t('whereToOpen.untitledSearch') : null;

  return (
    <section ref={card} className="heatmap-card where-to-open-card" data-testid="where-to-open-card" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className="heatmap-card-header">
        <h2 id={titleId} className="heatmap-card-title"><Icon name="target" />{t('whereToOpen.title')}</h2>
        {!lock && (
          <button type="button" className="icon-button heatmap-settings-toggle" aria-expanded={expanded} aria-controls={`${titleId}-form`}
            aria-label={t('whereToOpen.settings')} title={t('whereToOpen.settings')} data-testid="where-to-open-settings-toggle"
            onClick={() => setExpanded(!expanded)}>
            <Icon name="sliders" />
          </button>
        )}
        <button type="button" className="icon-button" aria-label={t('whereToOpen.toHeatmap')} title={t('whereToOpen.toHeatmap')}
          data-testid="where-to-open-to-heatmap" onClick={onShowHeatmap}>
          <Icon name="heatmap" />
        </button>
        <button type="button" className="icon-button" aria-label={t('whereToOpen.close')} title={t('whereToOpen.close')} data-testid="where-to-open-close" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      {lock ? (
        <div ref={seePlans} className="heatmap-lock" data-testid="where-to-open-lock" data-plan={lock.plan}>
          <p><LockIcon size={14} /> {t('whereToOpen.locked', { plan: t(`plans.${lock.plan}`) })}</p>
          <p className="panel-note">{t('whereToOpen.gives')}</p>
          <LockedButton feature={lock.feature} plan={lock.plan} testId="where-to-open-lock-see-plans">{t('planLock.seePlans')}</LockedButton>
        </div>
      ) : (
        <>
          <WhereToOpenForm choices={choices} coverage={coverage} cellSizes={cellSizes} cellMeters={cellMeters} cells={cells} competitors={competitors}
            computing={computing} expanded={expanded} id={`${titleId}-form`} firstControl={firstControl} onCompute={compute} onCancel={cancel}
            onChange={(change) => setChoices((current) => ({ ...current, ...change }))} />
          {run && layer.isError && !computing && (
            <p className="heatmap-legend-error" role="alert" data-testid="where-to-open-error">{errorMessage(layer.error, t('whereToOpen.error'))}</p>
          )}
          {answer && !computing && <WhereToOpenResults answer={answer} competitorsTitle={competitorsTitle} highlightedIndex={highlighted} onShowCell={showCell} />}
        </>
      )}
    </section>
  );
}

/** Whether the focus is still the card's: in it, or lost to the page with the button that held it. */
function focusLeftInCard(card: HTMLElement | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || (card?.contains(active) ?? false);
}

/** The grid the current view gives, following the view as the user moves it (null until the map is ready). */
function useViewCoverage(): GridCoverage | null {
  const adapter = useMapAdapter();
  const [coverage, setCoverage] = useState<GridCoverage | null>(null);
  useEffect(() => {
    if (!adapter) return;
    setCoverage(coverageOfView(adapter.viewBounds()));
    return adapter.onViewChange(() => setCoverage(coverageOfView(adapter.viewBounds())));
  }, [adapter]);
  return coverage;
}

/** The server's own words for a refusal or a time-out (translated by it); a generic line for anything else. */
function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.status < 500 || error.code === ERROR_CODES.reachabilityTimeout) ? error.message : fallback;
}
