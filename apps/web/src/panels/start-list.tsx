/**
 * The starts of an area made from several (up to ten): each listed with a remove button, and the
 * way to add one more by search or on the map. The map marks them all (numbered in this order).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.js';
import { PlaceSearch } from './place-search.js';
import { canAddStart } from './routed-starts.js';
import { useStartChoice, type StartPoint } from './start-point-field.js';
import './start-list.css';

interface StartListProps {
  starts: StartPoint[];
  onAdd(start: StartPoint): void;
  onRemove(index: number): void;
  /** Starts the map marks: all of them, or (in an edit, whose first start has its own handle) the others. */
  markFrom?: number;
}

export function StartList({ starts, onAdd, onRemove, markFrom = 0 }: StartListProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const { adapter, picking, choosePlace, pickOnMap } = useStartChoice((start) => {
    onAdd(start);
    setAdding(false);
  });

  useEffect(() => {
    if (!adapter) return undefined;
    adapter.showStartPoints(starts.slice(markFrom).map((start) => ({ center: start.center, label: start.name })));
    return () => adapter.showStartPoints([]);
  }, [adapter, starts, markFrom]);


  return (
    <div className="field start-list" data-testid="start-list">
      {starts.length > 1 && (
        <>
          <span className="field-label">{t('createArea.startsTitle', { count: starts.length })}</span>
          <ol className="start-list-items">
            {starts.map((start, index) => (
              <li key={`${start.center[0]},${start.center[1]}`} className="start-list-item" data-testid="start-list-item">
                <span className="start-list-name" title={start.name}>{start.name}</span>
                <button type="button" className="icon-button" aria-label={t('createArea.removeStart', { name: start.name })}
                  title={t('createArea.removeStart', { name: start.name })} onClick={() => onRemove(index)} data-testid="remove-start">
                  <Icon name="close" />
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
      {adding ? (
        <div className="start-list-add" data-testid="add-start-field">
          <p className="panel-note">{t('createArea.addStartHint')}</p>
          <PlaceSearch onChoose={choosePlace} autoFocus />
          <div className="card-actions">
            <button type="button" className="button button-small button-ghost" onClick={() => void pickOnMap()} disabled={!adapter || picking}
              data-testid="add-start-pick">
              {picking ? t('createArea.picking') : t('createArea.pickOnMap')}
            </button>
            <button type="button" className="button button-small button-ghost" onClick={() => { adapter?.cancelInteraction(); setAdding(false); }}>
              {t('app.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button-small button-ghost" disabled={!canAddStart(starts.length)} onClick={() => setAdding(true)}
          data-testid="add-start">
          {t('createArea.addStart')}
        </button>
      )}
      {!canAddStart(starts.length) && starts.length > 0 && <p className="panel-note">{t('createArea.startsMax')}</p>}
    </div>
  );
}
