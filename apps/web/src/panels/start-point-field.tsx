/**
 * The starting point of an area: a place found by search, or a point picked on the map. Shared by
 * the forms that start from a point (circle, travel time, distance by road).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapAdapter, type MapAdapter } from '../map/map-context.js';
import { nearestPlace, PlaceSearch, type Place } from './place-search.js';
import { pickedPointName } from './picked-point-name.js';

export interface StartPoint {
  center: [number, number];
  name: string;
  /** Picked on the map rather than found by name: no address to store. */
  picked: boolean;
  /** ISO alpha-2 country of a searched place; unknown for a picked point. */
  country?: string;
}

/** A start the user clicks on the map, named after the nearest town (by its coordinates when none is near or the lookup fails); null when Escape cancels. */
export async function pickStart(adapter: MapAdapter, t: Parameters<typeof pickedPointName>[2]): Promise<StartPoint | null> {
  const point = await adapter.pickPoint();
  if (!point) return null;
  const nearest = await nearestPlace(point).catch(() => null);
  return { center: point, name: pickedPointName(point, nearest, t), picked: true, ...(nearest?.place ? { country: nearest.place.country } : {}) };
}

/**
 * The two ways of choosing a start, shared by the single start field and the list of starts: a
 * place found by the search, or a point clicked on the map (`picking` while the map waits for it).
 */
export function useStartChoice(onChosen: (start: StartPoint) => void) {
  const { t } = useTranslation();
  const adapter = useMapAdapter();
  const [picking, setPicking] = useState(false);
  const choosePlace = (place: Place) => onChosen({ center: place.center, name: place.label, picked: false, country: place.country });
  const pickOnMap = async () => {
    if (!adapter) return;
    setPicking(true);
    const picked = await pickStart(adapter, t);
    setPicking(false);
    if (picked) onChosen(picked);
  };
  return { adapter, picking, choosePlace, pickOnMap };
}

interface StartPointFieldProps {
  start: StartPoint | null;
  onChange(start: StartPoint): void;
  /** Focuses the place search when the field appears (the form starting over in another region). */
  autoFocus?: boolean;
}

export function StartPointField({ start, onChange, autoFocus }: StartPointFieldProps) {
  const { t } = useTranslation();
  const { adapter, picking, choosePlace, pickOnMap } = useStartChoice(onChange);

  return (
    <div className="field">
      <span className="field-label">{t('createArea.place')}</span>
      <PlaceSearch onChoose={choosePlace} autoFocus={autoFocus} />
      <button type="button" className="button button-small button-ghost create-pick" onClick={() => void pickOnMap()} disabled={!adapter || picking}
        data-testid="pick-on-map">
        {picking ? t('createArea.picking') : t('createArea.pickOnMap')}
      </button>
      {start?.picked && <p className="panel-note" data-testid="start-point" title={start.name}>{start.name}</p>}
    </div>
  );
}
