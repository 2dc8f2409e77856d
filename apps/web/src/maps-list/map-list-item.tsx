/** One map in "My maps": open, rename inline, duplicate, delete after confirmation. */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapSummary } from '@catchment/domain';
import { useLocale } from '../i18n/index.js';

interface MapListItemProps {
  map: MapSummary;
  current: boolean;
  onOpen(): void;
  onRename(title: string): void;
  onClone(): void;
  onDelete(): void;
}

type Mode = 'view' | 'rename' | 'confirmDelete';

export function MapListItem({ map, current, onOpen, onRename, onClone, onDelete }: MapListItemProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [mode, setMode] = useState<Mode>('view');
  const [title, setTitle] = useState(map.title);
  const titleInput = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (mode === 'rename') titleInput.current?.select();
    if (mode === 'confirmDelete') confirmButton.current?.focus();
  }, [mode]);

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed && trimmed !== map.title) onRename(trimmed);
    setMode('view');
  };
  // Escape leaves the inline edit without closing the dialog around it.
  const escapeToView = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    setTitle(map.title);
    setMode('view');
  };
  const modified = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(map.updatedAt));

  return (
    <li className={`maps-list-item${current ? ' maps-list-item-current' : ''}`} data-testid="map-list-item" data-map-id={map.id}
      data-access-id={map.accessId}>
      {mode === 'rename' ? (
        <form className="rename-form" onSubmit={submitRename}>
          <label className="visually-hidden" htmlFor={`rename-${map.id}`}>{t('myMaps.renameLabel')}</label>
          <input id={`rename-${map.id}`} ref={titleInput} value={title} maxLength={200} required
            onChange={(event) => setTitle(event.target.value)} onKeyDown={escapeToView} data-testid="map-rename-input" />
          <button type="submit" className="button button-primary">{t('myMaps.save')}</button>
          <button type="button" className="button" onClick={() => { setTitle(map.title); setMode('view'); }}>{t('app.cancel')}</button>
        </form>
      ) : (
        <button type="button" className="map-open" onClick={onOpen} data-testid="map-open">
          <span className="map-title">{map.title}</span>
          <span className="map-meta">
            {t('myMaps.areaCount', { count: map.areaCount })} · {t('myMaps.updatedOn', { date: modified })}
            {map.public && <span className="badge">{t('myMaps.publicBadge')}</span>}
            {current && <span className="badge badge-accent">{t('myMaps.current')}</span>}
          </span>
        </button>
      )}
      {mode === 'view' && (
        <div className="map-actions">
          <button type="button" className="button button-small" onClick={() => { setTitle(map.title); setMode('rename'); }}
            data-testid="map-rename" aria-label={`${t('myMaps.rename')} – ${map.title}`}>{t('myMaps.rename')}</button>
          <button type="button" className="button button-small" onClick={onClone} data-testid="map-clone"
            aria-label={`${t('myMaps.clone')} – ${map.title}`}>{t('myMaps.clone')}</button>
          <button type="button" className="button button-small button-danger-ghost" onClick={() => setMode('confirmDelete')}
            data-testid="map-delete" aria-label={`${t('myMaps.delete')} – ${map.title}`}>{t('myMaps.delete')}</button>
        </div>
      )}
      {mode === 'confirmDelete' && (
        <div className="map-confirm" role="alertdialog" aria-label={t('myMaps.deleteConfirm', { title: map.title })} onKeyDown={escapeToView}>
          <span>{t('myMaps.deleteConfirm', { title: map.title })}</span>
          <button ref={confirmButton} type="button" className="button button-danger button-small" onClick={() => { setMode('view'); onDelete(); }}
            data-testid="map-delete-confirm">{t('myMaps.deleteConfirmAction')}</button>
          <button type="button" className="button button-small" onClick={() => setMode('view')}>{t('app.cancel')}</button>
        </div>
      )}
    </li>
  );
}
