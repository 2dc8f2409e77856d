/**
 * The layers (edit) panel: the map's layers and their areas, a search box filtering areas by
 * label beside the Export menu of a saved map (KML, GeoJSON), the selection's actions, undo/redo,
 * and a new-layer button. Read-only maps list their layers without any edit control.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addFolderCommand } from '../editor/command-builders.js';
import { useEditor } from '../editor/editor-context.js';
import { areaCount } from '../editor/editor-state.js';
import { areaMatcher } from './area-filter.js';
import { FolderItem } from './folder-item.js';
import { Icon } from './icons.js';
import { MapExportMenu } from './map-export-menu.js';
import { SelectionBar } from './selection-bar.js';
import './panels.css';

/** `mapId`: the saved map shown, whose areas can be exported; null for a visitor's local map. */
export function LayersPanel({ mapId }: { mapId: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const editor = useEditor();
  const { state, canEdit } = editor;
  const [search, setSearch] = useState('');
  const matches = areaMatcher(search);
  const searching = search.trim().length > 0;
  const total = areaCount(state);
  const visibleFolders = state.folders
    .map((folder, index) => ({ folder, index, areas: folder.areas.filter(matches) }))
    .filter((entry) => !searching || entry.areas.length > 0);

  return (
    <section className="panel layers-panel" data-testid="layers-panel" aria-labelledby={`${id}-title`}>
      <div className="panel-header">
        <h2 className="panel-title" id={`${id}-title`}>{t('layers.title')}</h2>
        {canEdit ? (
          <div className="panel-header-actions">
            <button type="button" className="icon-button" aria-label={t('editor.undo')} title={t('editor.undo')} disabled={!editor.canUndo}
              data-testid="undo-button" onClick={() => editor.undo()}>
              <Icon name="undo" />
            </button>
            <button type="button" className="icon-button" aria-label={t('editor.redo')} title={t('editor.redo')} disabled={!editor.canRedo}
              data-testid="redo-button" onClick={() => editor.redo()}>
              <Icon name="redo" />
            </button>
            <button type="button" className="button button-small" data-testid="new-folder"
              onClick={() => editor.dispatch(addFolderCommand(state, t('layers.folderLabel', { n: state.folders.length + 1 })))}>
              <Icon name="plus" />
              {t('layers.newFolder')}
            </button>
          </div>
        ) : (
          <span className="badge" title={t('editor.readOnly')} data-testid="read-only-label">{t('layers.readOnly')}</span>
        )}
      </div>
      {total > 0 && (
        <div className="layers-tools">
          <input
            type="search"
            className="layers-search"
            aria-label={t('layers.search')}
            placeholder={t('layers.search')}
            value={search}
            data-testid="layers-search"
            onChange={(event) => setSearch(event.target.value)}
          />
          {mapId !== null && <MapExportMenu mapId={mapId} />}
        </div>
      )}
      {total === 0 && <p className="panel-note layers-empty" data-testid="layers-empty">{t('layers.empty')}</p>}
      {searching && visibleFolders.length === 0 && <p className="panel-note">{t('layers.noMatch', { search: search.trim() })}</p>}
      {visibleFolders.length > 0 && (
        <ul className="folder-list">
          {visibleFolders.map(({ folder, index, areas }) => (
            <FolderItem key={folder.uuid} folder={folder} index={index} areas={areas} searching={searching} />
          ))}
        </ul>
      )}
      {/* Below the list, so that selecting an area does not move the list under the pointer. */}
      <SelectionBar />
    </section>
  );
}
