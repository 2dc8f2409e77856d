/**
 * The cancel toast (SPEC §4, §9): for 5 seconds after each undoable action it says what was done,
 * with a Cancel button that undoes it. Failed saves are reported as toasts too, with the server's
 * message when it gave one (e.g. the free plan's area limit), and changes that could not be put
 * on top of a map someone else changed. Shown through the app's toasts, in the language of the
 * moment (a change of language while one is shown rewrites it).
 */
import { useEffect } from 'react';
import { UNDO_TOAST_MS } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { useToasts } from '../app/toasts.js';
import { useEditorSnapshot } from './editor-context.js';

/** The server's own words for a refused change; nothing for server faults and network errors. */
function refusalMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message ? error.message : null;
}

export function UndoToast() {
  const { lastAction, saveError, changesLost, store } = useEditorSnapshot();
  const toasts = useToasts();

  useEffect(() => {
    if (!lastAction) return;
    // Its words follow the language, should the user change it while the toast is shown.
    const shown = toasts.show({
      message: (t) => t(`editor.done.${lastAction.name}`, { count: lastAction.count }),
      action: { label: (t) => t('editor.cancel'), onClick: () => store.undo() },
      durationMs: UNDO_TOAST_MS,
      testId: 'undo-toast',
    });
    // A new action replaces the toast, and leaving the map (another route, map or user: the editor
    // unmounts and its history goes) takes it away: its Cancel would have nothing left to undo.
    return () => toasts.dismiss(shown);
  }, [lastAction, store, toasts]);

  useEffect(() => {
    if (!saveError) return;
    const refusal = refusalMessage(saveError.error);
    const { rolledBack } = saveError;
    toasts.show({
      message: (t) => {
        const message = refusal ? `${t('editor.saveError')}: ${refusal}` : t('editor.saveError');
        // Said plainly when the map is back as it was saved, so the user knows where they stand.
        return rolledBack ? `${message.replace(/\.\s*$/, '')}. ${t('editor.changeUndone')}` : message;
      },
      tone: 'error',
      durationMs: 10_000,
      testId: 'save-error-toast',
    });
    store.dismissSaveError();
  }, [saveError, store, toasts]);

  useEffect(() => {
    if (changesLost === null) return;
    toasts.show({ message: (t) => t('editor.changeNotReapplied'), tone: 'error', durationMs: 10_000, testId: 'changes-lost-toast' });
    store.dismissChangesLost();
  }, [changesLost, store, toasts]);

  return null;
}
