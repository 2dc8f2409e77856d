/**
 * Links area editing to the map (rendered by EditorProvider): a double-click on an area opens its
 * edit (its recipe, else its outline), and an outline being edited is reshaped on the map, its new
 * shape saved as one command (one undo step).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { PolygonGeometry } from '@catchment/domain';
import { useMapAdapter } from '../map/map-context.js';
import { defaultEdit, editableOutline, reshapeConverts } from './area-edits.js';
import { areaEditingFor } from './area-editing.js';
import { reshapeAreaCommand } from './command-builders.js';
import { findArea } from './editor-state.js';
import type { EditorStore } from './editor-store.js';

/** `allowed`: areas of this map may be edited at all (not a visitor's map drawn without an account). */
export function AreaEditingBridge({ store, allowed }: { store: EditorStore; allowed: boolean }) {
  const editing = areaEditingFor(store, allowed);
  const adapter = useMapAdapter();
  const current = useSyncExternalStore(editing.subscribe, editing.get);

  useEffect(() => {
    if (!adapter || !editing.enabled) return undefined;
    return adapter.onAreaDoubleClick((uuid) => {
      const area = findArea(store.getSnapshot().state, uuid);
      const kind = area && defaultEdit(area);
      if (kind) editing.start(uuid, kind);
    });
  }, [adapter, editing, store]);

  const reshaping = current?.kind === 'shape' ? current.uuid : null;
  useEffect(() => {
    if (!adapter || !reshaping) return undefined;
    const area = findArea(store.getSnapshot().state, reshaping);
    const outline = area ? editableOutline(area) : null;
    if (!area || !outline?.ok) {
      editing.stop();
      return undefined;
    }
    store.select([reshaping]);
    let settled = false;
    const stillReshaping = () => editing.get()?.uuid === reshaping && editing.get()?.kind === 'shape';
    void adapter.editShape({
      uuid: reshaping, polygon: outline.polygon, color: area.color, noticeKey: reshapeConverts(area) ? 'map.reshapeMakesPolygon' : null,
    }).then((polygon) => {
      settled = true;
      if (polygon && stillReshaping()) {
        const command = reshapeAreaCommand(store.getSnapshot().state, reshaping, polygon as PolygonGeometry);
        if (command) store.dispatch(command);
      }
      if (stillReshaping()) editing.stop();
    });
    // Another edit, or the map going away, ends this one without saving it.
    return () => {
      if (!settled) adapter.cancelInteraction();
    };
  }, [adapter, reshaping, editing, store]);

  return null;
}
