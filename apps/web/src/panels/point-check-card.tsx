/**
 * "Check a point" for the one travel-time or road-distance area selected: the user clicks any point
 * (the button, or C), the map draws the fastest way between the area's start and it (from it, for an
 * arrival area; from the nearest start of an area from several, each asked at once), and a card
 * says the time and distance and whether that is within the area's value.
 * Escape or the card's close button clears the way; so does selecting something else (unmount).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.js';
import { fetchIsochroneRoute } from '../api/isochrones.js';
import { useDistanceUnit } from '../app/distance-unit.js';
import { isTypingTarget } from '../editor/shortcuts.js';
import { useMapAdapter } from '../map/map-context.js';
import { Icon } from './icons.js';
import { formatTravelTime, nearestRoute, routeRequests, withinArea, type CheckedRoute, type PointCheckTarget } from './point-check.js';
import { formatRoutedValue } from './routed-values.js';

export function PointCheckCard({ target }: { target: PointCheckTarget }) {
  const { t, i18n } = useTranslation();
  const { unit } = useDistanceUnit();
  const adapter = useMapAdapter();
  const [picking, setPicking] = useState(false);
  const [point, setPoint] = useState<[number, number] | null>(null);
  const check = useMutation({ mutationFn: (point: [number, number]) => nearestOf(target, point) });
  const { reset: resetCheck, mutate } = check;
  const mounted = useRef(true);
  /** Whether the map's current interaction is this card's pick (and so its to cancel). */
  const ownPick = useRef(false);
  useEffect(() => { mounted.current = true; return () => { mounted.current = false; }; }, []);

  const clear = useCallback(() => {
    setPoint(null);
    resetCheck();
  }, [resetCheck]);

  const start = useCallback(async () => {
    if (!adapter) return;
    setPicking(true);
    ownPick.current = true;
    const picked = await adapter.pickPoint(target.direction === 'arrival' ? 'pointCheck.pickHintArrival' : 'pointCheck.pickHint');
    ownPick.current = false;
    if (!mounted.current) return;
    setPicking(false);
    if (!picked) return;
    resetCheck();
    setPoint(picked);
    mutate(picked);
  }, [adapter, target, mutate, resetCheck]);

  // The way drawn while its answer is the one shown; gone with the card.
  const checked = check.data;
  const route = checked?.route;
  useEffect(() => {
    if (!adapter || !checked || !point) return undefined;
    adapter.showRoute({ line: checked.route.geometry, start: checked.start, point });
    return () => adapter.showRoute(null);
  }, [adapter, checked, point]);

  // C checks a point; Escape clears the one checked before the editor's Escape clears the selection
  // (while a point is being picked, Escape cancels the pick only).
  const shown = point !== null;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Escape' && shown && !picking) {
        event.preventDefault();
        clear();
      } else if (event.key.toLowerCase() === 'c' && !event.shiftKey && !picking) {
        event.preventDefault();
        void start();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [shown, picking, clear, start]);

  // Cancelling its pick when the card goes (another area selected) gives the map its clicks back.
  useEffect(() => () => { if (adapter && ownPick.current) adapter.cancelInteraction(); }, [adapter]);

  const locale = i18n.language;
  const distance = (metres: number) => formatRoutedValue(metres, 'isodistance', unit, locale);
  const value = formatRoutedValue(target.value, target.isoMode, unit, locale);
  return (
    <div className="point-check" data-testid="point-check">
      <button type="button" className="button button-small" title={t('pointCheck.checkHint')} data-testid="point-check-button"
        disabled={!adapter || picking} onClick={() => void start()}>
        {t(shown ? 'pointCheck.checkAnother' : 'pointCheck.check')}
      </button>
      {shown && (
        <div className="point-check-card" role="status" data-testid="point-check-card"
          data-within={route ? String(withinArea(target, route)) : undefined} data-duration={route ? String(route.duration) : undefined}>
          <button type="button" className="icon-button point-check-close" aria-label={t('pointCheck.close')} title={t('pointCheck.close')}
            data-testid="point-check-close" onClick={clear}>
            <Icon name="close" />
          </button>
          {check.isPending && <p className="point-check-pending">{t('pointCheck.computing')}</p>}
          {route && (
            <>
              <p className="point-check-verdict" data-testid="point-check-verdict">
                {t(withinArea(target, route) ? 'pointCheck.within' : 'pointCheck.beyond', {
                  measured: target.isoMode === 'isochrone' ? formatTravelTime(route.duration) : distance(route.distance),
                  value,
                })}
              </p>
              <p className="point-check-detail">
                {t(detailKey(target), {
                  other: target.isoMode === 'isochrone' ? distance(route.distance) : formatTravelTime(route.duration),
                })}
              </p>
            </>
          )}
          {check.isError && (
            <p className="field-error" role="alert" data-testid="point-check-error">
              {check.error instanceof ApiError ? check.error.message : t('pointCheck.failed')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** Every start asked at once; the nearest way kept, or the first refusal when no start has one. */
async function nearestOf(target: PointCheckTarget, point: [number, number]): Promise<CheckedRoute> {
  const requests = routeRequests(target, point);
  const answers = await Promise.allSettled(requests.map((request) => fetchIsochroneRoute(request)));
  const found = answers.flatMap((answer, i) => (answer.status === 'fulfilled' ? [{ start: requests[i]!.startPoint, route: answer.value }] : []));
  const nearest = nearestRoute(target, found);
  if (nearest) return nearest;
  throw (answers.find((answer) => answer.status === 'rejected') as PromiseRejectedResult).reason;
}

function detailKey(target: PointCheckTarget): string {
  const several = target.starts.length > 1;
  if (target.direction === 'arrival') return several ? 'pointCheck.toNearestStart' : 'pointCheck.toStart';
  return several ? 'pointCheck.fromNearestStart' : 'pointCheck.fromStart';
}
