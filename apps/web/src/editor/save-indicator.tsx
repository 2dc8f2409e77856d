/** Saving… then Saved (SPEC §4), or the save error; a visitor's map says it is kept in this browser. */
import { useTranslation } from 'react-i18next';
import { useEditorSnapshot } from './editor-context.js';

export function SaveIndicator() {
  const { t } = useTranslation();
  const { saveStatus, isVisitor, state } = useEditorSnapshot();
  let text = '';
  if (saveStatus === 'saving') text = t('editor.saving');
  else if (saveStatus === 'saved') text = t('editor.saved');
  else if (saveStatus === 'error') text = t('editor.saveError');
  else if (isVisitor && state.folders.length > 0) text = t('editor.savedLocally');
  return (
    <div className={`save-indicator save-indicator--${saveStatus}`} data-testid="save-indicator" role="status" aria-live="polite">
      {text}
    </div>
  );
}
