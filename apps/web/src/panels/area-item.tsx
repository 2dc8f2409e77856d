/**
 * One area in the layers panel: colour, visibility, label (click selects, Shift/Ctrl/Cmd adds to the
 * selection, double-click renames), what kind of area it is, and its actions.
 */
import { useEffect, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isRoutedTransportMode, type Area } from '@catchment/domain';
import { useDistanceUnit } from '../app/distance-unit.js';
import { moveAreaCommand, removeAreasCommand, stepAreaCommand, updateAreasCommand } from '../editor/command-builders.js';
import { useEditor } from '../editor/editor-context.js';
import { locateArea } from '../editor/editor-state.js';
import { useMapAdapter } from '../map/map-context.js';
import { formatRadius } from './radius.js';
import { formatRoutedValue } from './routed-values.js';
import { DRAG_AREA, dragCarries, isLowerHalf, startDrag } from './drag.js';
import { Icon } from './icons.js';
import { InlineRename } from './inline-rename.js';
import { ItemMenu } from './item-menu.js';
import { useAreaEditActions } from './area-edit-actions.js';

/** Short description: 'As the crow flies · 10 km', 'Polygon', 'Merge'. */
function useAreaKind(area: Area): string {
  const { t, i18n } = useTranslation();
  const { unit } = useDistanceUnit();
  if (area.operation === 'union' || area.operation === 'difference' || area.operation === 'intersection') return t(`layers.kinds.${area.operation}`);
  const kind = area.transportMode === 'circle' ? t('layers.kinds.circle') : t(`layers.kinds.${area.isoMode}`);
  const byMode = area.transportMode && isRoutedTransportMode(area.transportMode) ? ` ${t(`createArea.byMode.${area.transportMode}`)}` : '';
  if (area.duration) return `${kind} · ${formatRoutedValue(area.duration, 'isochrone', unit, i18n.language)}${byMode}`;
  if (area.distance) return `${kind} · ${formatRadius(area.distance, unit, i18n.language)}${byMode}`;
  return kind;
}

/** A colour input that saves when the picker is closed, not at every step of the drag. */
function ColorInput({ color, label, onCommit, disabled }: { color: string; label: string; onCommit(color: string): void; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(color);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => setDraft(color), [color]);
  useEffect(() => {
    const element = input.current;
    if (!element) return undefined;
    const onChange = () => commit.current(element.value);
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, []);
  return (
    <input
      ref={input}
      type="color"
      className="color-input"
      aria-label={label}
      value={draft}
      disabled={disabled}
      data-testid="area-color"
      onChange={(event) => setDraft(event.target.value)}
    />
  );
}

export function AreaItem({ area }: { area: Area }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const { state, canEdit, dispatch } = editor;
  const adapter = useMapAdapter();
  const kind = useAreaKind(area);
  const editActions = useAreaEditActions(area);
  const [renaming, setRenaming] = useState(false);
  const [dropSide, setDropSide] = useState<'before' | 'after' | null>(null);
  const selected = state.selected.includes(area.uuid);
  const location = locateArea(state, area.uuid);
  const isFirst = !!location && location.folderIndex === 0 && location.index === 0;
  const isLast = !!location && location.folderIndex === state.folders.length - 1 && location.index === location.folder.areas.length - 1;

  const zoomTo = () => adapter?.fitTo(area.geometry as GeoJSON.Geometry);
  const send = (command: ReturnType<typeof removeAreasCommand>) => {
    if (command) dispatch(command);
  };

  const onSelect = (event: MouseEvent) => {
    const additive = event.shiftKey || event.ctrlKey || event.metaKey;
    if (!additive) editor.select([area.uuid]);
    else editor.select(selected ? state.selected.filter((uuid) => uuid !== area.uuid) : [...state.selected, area.uuid]);
  };

  const onDragOver = (event: DragEvent<HTMLLIElement>) => {
    if (!canEdit || !dragCarries(event, DRAG_AREA)) return;
    event.preventDefault();
    event.stopPropagation();
    setDropSide(isLowerHalf(event) ? 'after' : 'before');
  };
  const onDrop = (event: DragEvent<HTMLLIElement>) => {
    const uuid = event.dataTransfer.getData(DRAG_AREA);
    setDropSide(null);
    if (!canEdit || !uuid || !location) return;
    event.preventDefault();
    event.stopPropagation();
    const moving = locateArea(state, uuid);
    let index = location.index + (isLowerHalf(event) ? 1 : 0);
    // Indexes count the target folder without the moving area.
    if (moving && moving.folder.uuid === location.folder.uuid && moving.index < index) index -= 1;
    send(moveAreaCommand(state, uuid, location.folder.uuid, index));
  };

  const classes = ['area-item'];
  if (selected) classes.push('area-item-selected');
  if (area.hide) classes.push('area-item-hidden');
  if (dropSide) classes.push(`drop-${dropSide}`);

  return (
    <li
      className={classes.join(' ')}
      data-testid="area-item"
      data-uuid={area.uuid}
      aria-selected={selected}
      draggable={canEdit && !renaming}
      onDragStart={(event) => startDrag(event, DRAG_AREA, area.uuid)}
      onDragOver={onDragOver}
      onDragLeave={() => setDropSide(null)}
      onDrop={onDrop}
    >
      {canEdit && <span className="drag-handle" title={t('layers.dragHandle')} aria-hidden="true"><Icon name="grip" /></span>}
      <ColorInput
        color={area.color}
        label={t('layers.color', { label: area.label })}
        disabled={!canEdit}
        onCommit={(color) => send(updateAreasCommand(state, [area.uuid], { color }))}
      />
      <div className="area-main">
        {renaming ? (
          <InlineRename
            value={area.label}
            label={t('layers.renameAreaLabel')}
            onSave={(label) => send(updateAreasCommand(state, [area.uuid], { label }))}
            onDone={() => setRenaming(false)}
          />
        ) : (
          <button
            type="button"
            className="area-label"
            aria-pressed={selected}
            data-testid="area-label"
            onClick={onSelect}
            onDoubleClick={() => canEdit && setRenaming(true)}
            title={area.label}
          >
            {area.label}
          </button>
        )}
        <span className="area-kind" title={kind}>{kind}</span>
      </div>
      <div className="item-actions">
        {canEdit && (
          <button type="button" className="icon-button" aria-label={t(area.hide ? 'layers.show' : 'layers.hide', { label: area.label })}
            title={t(area.hide ? 'layers.show' : 'layers.hide', { label: area.label })} aria-pressed={!area.hide} data-testid="area-visibility"
            onClick={() => send(updateAreasCommand(state, [area.uuid], { hide: !area.hide }))}>
            <Icon name={area.hide ? 'eyeOff' : 'eye'} />
          </button>
        )}
        {canEdit ? (
          <ItemMenu
            label={t('layers.areaActions', { label: area.label })}
            testId="area-menu"
            actions={[
              { label: t('layers.zoomTo', { label: area.label }), icon: 'target', testId: 'area-zoom', onSelect: zoomTo },
              { label: t('layers.rename'), icon: 'pencil', testId: 'area-rename', onSelect: () => setRenaming(true) },
              ...editActions,
              { label: t('layers.moveUp'), icon: 'up', testId: 'area-up', disabled: isFirst, onSelect: () => send(stepAreaCommand(state, area.uuid, -1)) },
              { label: t('layers.moveDown'), icon: 'down', testId: 'area-down', disabled: isLast, onSelect: () => send(stepAreaCommand(state, area.uuid, 1)) },
              { label: t('layers.delete'), icon: 'trash', testId: 'area-delete', danger: true, onSelect: () => send(removeAreasCommand(state, [area.uuid])) },
            ]}
          />
        ) : (
          <button type="button" className="icon-button" aria-label={t('layers.zoomTo', { label: area.label })} title={t('layers.zoomTo', { label: area.label })}
            data-testid="area-zoom" onClick={zoomTo}>
            <Icon name="target" />
          </button>
        )}
      </div>
    </li>
  );
}
