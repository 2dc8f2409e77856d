/**
 * Editing a circle's or a travel-time area's recipe: the create-area panel gives way to the form the
 * area was made with, prefilled. Save recomputes the area (it keeps its id, colour and layer); Cancel
 * or Escape leave it as it was.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoutedIsoMode } from '@catchment/domain';
import { recipeKind } from '../editor/area-edits.js';
import { useEditor } from '../editor/editor-context.js';
import { findArea } from '../editor/editor-state.js';
import { useAreaEditing } from '../editor/use-area-editing.js';
import { useMapAdapter } from '../map/map-context.js';
import { CircleForm } from './circle-form.js';
import { Icon } from './icons.js';
import { RoutedForm } from './routed-form.js';

export function EditAreaPanel({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { state } = useEditor();
  const { stop } = useAreaEditing();
  const adapter = useMapAdapter();
  const area = findArea(state, uuid);
  const kind = area && recipeKind(area);

  // The map shows the whole area when its edit opens (not again as it changes).
  const geometry = area?.geometry;
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!adapter || !geometry || fitted.current === uuid) return;
    fitted.current = uuid;
    adapter.fitTo(geometry as GeoJSON.Geometry, { maxZoom: 15 });
  }, [adapter, uuid, geometry]);

  if (!area || !kind) return null;
  const edit = { area, onDone: stop };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    stop();
  };

  return (
    <section className="panel create-area-panel edit-area-panel" data-testid="edit-area-panel" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <div className="panel-header">
        <h2 className="panel-title" id={`${id}-title`}>{t('editArea.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('editArea.close')} title={t('editArea.close')} onClick={stop} data-testid="edit-area-close">
          <Icon name="close" />
        </button>
      </div>
      <p className="edit-area-name" title={area.label} data-testid="edit-area-name">{area.label}</p>
      {kind === 'routed' && (
        <p className="panel-note" data-testid="edit-area-starts">
          {t('editArea.direction', { direction: t(`createArea.directions.${area.direction}`) })}
          {area.startPoints && ` · ${t('editArea.startCount', { count: area.startPoints.length })}`}
        </p>
      )}
      {kind === 'circle'
        ? <CircleForm key={uuid} edit={edit} />
        : <RoutedForm key={uuid} isoMode={area.isoMode as RoutedIsoMode} edit={edit} />}
    </section>
  );
}
