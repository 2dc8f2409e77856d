/**
 * What the circle and travel-time forms share when they edit an existing area instead of creating
 * one: the area's starting point as the form shows it, its name (a generated name follows the new
 * values, a name the user chose is kept), a centre the user drags on the map, and saving the change
 * as one command: the area keeps its id, colour and layer.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromMeters, type Area, type DistanceUnit, type RoutedIsoMode } from '@catchment/domain';
import { updateAreasCommand } from '../editor/command-builders.js';
import type { AreaFields } from '../editor/commands.js';
import { useEditor } from '../editor/editor-context.js';
import { useMapAdapter } from '../map/map-context.js';
import { nearestPlace } from './place-search.js';
import { pickedPointName } from './picked-point-name.js';
import type { StartPoint } from './start-point-field.js';

/** An area being edited in a create form, and what to do once it is saved or the edit cancelled. */
export interface AreaEdit {
  area: Area;
  onDone(): void;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The area's starting point as the start field shows it: its address, or its coordinates when it was picked on the map. */
export function editedStart(area: Area, t: Translate): StartPoint | null {
  if (!area.startPoint) return null;
  const [lng, lat] = area.startPoint;
  if (area.startAddress) return { center: area.startPoint, name: area.startAddress, picked: false };
  return { center: area.startPoint, name: t('createArea.pickedPoint', { lat: lat.toFixed(4), lng: lng.toFixed(4) }), picked: true };
}

/** The area's other starts (after the first, which editedStart gives), by their coordinates. */
export function editedOtherStarts(area: Area, t: Translate): StartPoint[] {
  return (area.startPoints ?? []).slice(1).map(([lng, lat]) => ({
    center: [lng, lat], name: t('createArea.pickedPoint', { lat: lat.toFixed(4), lng: lng.toFixed(4) }), picked: true,
  }));
}

/**
 * The name the form starts with: null (follow the generated name) when the area still has the name
 * generated from its old values, else the area's own name.
 */
export function initialEditLabel(area: Area, generatedBefore: string): string | null {
  return area.label === generatedBefore ? null : area.label;
}

/** A travel time (seconds) or road distance (metres) as the values field shows it: minutes, or km or mi. */
export function routedValueText(value: number, isoMode: RoutedIsoMode, unit: DistanceUnit): string {
  const amount = isoMode === 'isochrone' ? value / 60 : fromMeters(value, unit);
  return String(Math.round(amount * 100) / 100);
}

/** The fields of the start point as an area stores them. */
export function startFields(start: StartPoint): Pick<AreaFields, 'startPoint' | 'startAddress'> {
  return { startPoint: start.center, startAddress: start.picked ? null : start.name };
}

/** Saves the edit as one command (one undo step); false when the plan's limit or anything else refused it. */
export function useSaveAreaEdit(): (uuid: string, after: Partial<AreaFields>) => boolean {
  const editor = useEditor();
  return (uuid, after) => {
    const command = updateAreasCommand(editor.state, [uuid], after);
    // Nothing changed: the edit is done all the same.
    if (!command) return true;
    const applied = editor.dispatch(command);
    if (applied) editor.select([uuid]);
    return applied;
  };
}

/**
 * A marker on the edited area's centre that the user drags to move it; the new centre is named
 * after the nearest town, as a point picked on the map is.
 */
export function useCentreHandle(start: StartPoint | null, onMove: (start: StartPoint) => void): void {
  const { t } = useTranslation();
  const adapter = useMapAdapter();
  const move = useRef(onMove);
  useEffect(() => {
    move.current = onMove;
  });
  const center = start?.center ?? null;
  const lng = center?.[0];
  const lat = center?.[1];
  // The marker stays while the form is open; it follows the centre without being re-created.
  useEffect(() => {
    if (!adapter) return undefined;
    return () => adapter.showCentreHandle(null);
  }, [adapter]);
  useEffect(() => {
    if (!adapter || lng === undefined || lat === undefined) return;
    adapter.showCentreHandle({
      center: [lng, lat],
      label: t('editArea.centreHandle'),
      onMove: (point) => {
        void nearestPlace(point).catch(() => null).then((nearest) => {
          move.current({ center: point, name: pickedPointName(point, nearest, t), picked: true, ...(nearest?.place ? { country: nearest.place.country } : {}) });
        });
      },
    });
  }, [adapter, lng, lat, t]);
}
