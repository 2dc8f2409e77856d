/**
 * One layer in the layers panel: open/close, make active (new areas go there), rename in place,
 * reorder (buttons or drag), delete after confirmation, and its areas.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area } from '@catchment/domain';
import { moveAreaCommand, moveFolderCommand, removeFolderCommand, updateFolderCommand } from '../editor/command-builders.js';
import type { EditorCommand } from '../editor/commands.js';
import { useEditor } from '../editor/editor-context.js';
import { activeFolder, locateArea, type EditorFolder } from '../editor/editor-state.js';
import { AreaItem } from './area-item.js';
import { DRAG_AREA, DRAG_FOLDER, dragCarries, isLowerHalf, startDrag } from './drag.js';
import { Icon } from './icons.js';
import { InlineRename } from './inline-rename.js';
import { ItemMenu } from './item-menu.js';

interface FolderItemProps {
  folder: EditorFolder;
  index: number;
  /** The areas to list (all of them, or those matching the search). */
  areas: Area[];
  /** While searching, layers show their matching areas even when closed. */
  searching: boolean;
}

export function FolderItem({ folder, index, areas, searching }: FolderItemProps) {
  const { t } = useTranslation();
  const { state, canEdit, dispatch } = useEditor();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);
  // The confirmation comes into view above the selection bar (its scroll padding), its Delete focused.
  useEffect(() => {
    if (!confirming) return;
    confirmation.current?.scrollIntoView({ block: 'nearest' });
    confirmation.current?.querySelector<HTMLButtonElement>('[data-testid="folder-delete-confirm"]')?.focus({ preventScroll: true });
  }, [confirming]);
  const [dropSide, setDropSide] = useState<'before' | 'after' | 'inside' | null>(null);
  // Who may not edit can still open and close layers, for this view only.
  const [viewClosed, setViewClosed] = useState<boolean | null>(null);
  const isActive = activeFolder(state)?.uuid === folder.uuid;
  const closed = canEdit ? folder.closed : viewClosed ?? folder.closed;
  const open = searching || !closed;

  const send = (command: EditorCommand | null) => {
    if (command) dispatch(command);
  };

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!canEdit) return;
    if (dragCarries(event, DRAG_FOLDER)) {
      event.preventDefault();
      setDropSide(isLowerHalf(event) ? 'after' : 'before');
    } else if (dragCarries(event, DRAG_AREA)) {
      event.preventDefault();
      setDropSide('inside');
    }
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    setDropSide(null);
    if (!canEdit) return;
    const folderUuid = event.dataTransfer.getData(DRAG_FOLDER);
    const areaUuid = event.dataTransfer.getData(DRAG_AREA);
    if (folderUuid) {
      event.preventDefault();
      const from = state.folders.findIndex((item) => item.uuid === folderUuid);
      let to = index + (isLowerHalf(event) ? 1 : 0);
      if (from >= 0 && from < to) to -= 1;
      send(moveFolderCommand(state, folderUuid, to));
    } else if (areaUuid) {
      // Dropped on the layer's header: the area goes to the end of the layer.
      event.preventDefault();
      const moving = locateArea(state, areaUuid);
      const end = folder.areas.length - (moving?.folder.uuid === folder.uuid ? 1 : 0);
      send(moveAreaCommand(state, areaUuid, folder.uuid, end));
    }
  };

  const classes = ['folder-item'];
  if (isActive) classes.push('folder-item-active');
  if (dropSide) classes.push(`drop-${dropSide}`);

  return (
    <li className={classes.join(' ')} data-testid="folder-item" data-uuid={folder.uuid}>
      <div
        className="folder-header"
        draggable={canEdit && !renaming}
        onDragStart={(event) => startDrag(event, DRAG_FOLDER, folder.uuid)}
        onDragOver={onDragOver}
        onDragLeave={() => setDropSide(null)}
        onDrop={onDrop}
      >
        <button type="button" className="icon-button folder-toggle" aria-expanded={open} aria-label={t(open ? 'layers.close' : 'layers.open')}
          title={t(open ? 'layers.close' : 'layers.open')} data-testid="folder-toggle" disabled={searching}
          onClick={() => (canEdit ? send(updateFolderCommand(state, folder.uuid, { closed: !folder.closed })) : setViewClosed(!closed))}>
          <Icon name={open ? 'chevronDown' : 'chevronRight'} />
        </button>
        {renaming ? (
          <InlineRename value={folder.label} label={t('layers.renameFolderLabel')} onDone={() => setRenaming(false)}
            onSave={(label) => send(updateFolderCommand(state, folder.uuid, { label }))} />
        ) : (
          <span className="folder-label" title={folder.label} data-testid="folder-label" onDoubleClick={() => canEdit && setRenaming(true)}>
            {folder.label}
          </span>
        )}
        <span className="badge">{folder.areas.length}</span>
        <div className="item-actions">
          {canEdit && (
            <button type="button" className={isActive ? 'icon-button folder-activate folder-activate-on' : 'icon-button folder-activate'}
              aria-pressed={isActive} aria-label={isActive ? t('layers.active') : t('layers.activate')} title={isActive ? t('layers.active') : t('layers.activate')}
              data-testid="folder-activate" onClick={() => send(updateFolderCommand(state, folder.uuid, { active: true }))}>
              <Icon name="check" />
            </button>
          )}
          {canEdit && (
            <ItemMenu
              label={t('layers.folderActions', { label: folder.label })}
              testId="folder-menu"
              actions={[
                { label: t('layers.rename'), icon: 'pencil', testId: 'folder-rename', onSelect: () => setRenaming(true) },
                { label: t('layers.moveUp'), icon: 'up', testId: 'folder-up', disabled: index === 0, onSelect: () => send(moveFolderCommand(state, folder.uuid, index - 1)) },
                {
                  label: t('layers.moveDown'), icon: 'down', testId: 'folder-down', disabled: index === state.folders.length - 1,
                  onSelect: () => send(moveFolderCommand(state, folder.uuid, index + 1)),
                },
                { label: t('layers.delete'), icon: 'trash', testId: 'folder-delete', danger: true, onSelect: () => setConfirming(true) },
              ]}
            />
          )}
        </div>
      </div>
      {confirming && (
        <div ref={confirmation} className="folder-confirm" role="alertdialog" aria-label={t('layers.deleteFolder')}>
          <p>{t('layers.deleteFolderConfirm', { label: folder.label })}</p>
          <div className="folder-confirm-actions">
            <button type="button" className="button button-small button-danger" data-testid="folder-delete-confirm"
              onClick={() => { setConfirming(false); send(removeFolderCommand(state, folder.uuid)); }}>
              {t('layers.confirmDelete')}
            </button>
            <button type="button" className="button button-small" onClick={() => setConfirming(false)}>{t('editor.cancel')}</button>
          </div>
        </div>
      )}
      {open && (
        areas.length > 0
          ? <ul className="area-list">{areas.map((area) => <AreaItem key={area.uuid} area={area} />)}</ul>
          : !searching && <p className="panel-note folder-empty">{t('layers.emptyFolder')}</p>
      )}
    </li>
  );
}
