/** The parts of the circle and travel-time forms that only an edit shows: the current start, and Save / Cancel. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartPoint } from './start-point-field.js';

/** The starting point the area has now (the search field below changes it, or the marker on the map). */
export function EditedStart({ start }: { start: StartPoint | null }) {
  const { t } = useTranslation();
  if (!start || start.picked) return null;
  return <p className="panel-note" data-testid="edited-start">{t('editArea.currentStart', { name: start.name })}</p>;
}

/** Cancel and Save, after `before` (the travel-time form's Preview). */
export function EditActions({ canSave, onCancel, before }: { canSave: boolean; onCancel(): void; before?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="card-actions">
      {before}
      <button type="button" className="button" onClick={onCancel} data-testid="edit-area-cancel">{t('app.cancel')}</button>
      <button type="submit" className="button button-primary" disabled={!canSave} data-testid="edit-area-save">{t('editArea.save')}</button>
    </div>
  );
}
