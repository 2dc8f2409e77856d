/**
 * Creating areas from the create-area panel: one command adding them to the active layer (and
 * 'Layer 1' when there is none), then the new areas are selected. The editor refuses a command
 * that would take the map past the plan's areas-per-map limit (a visitor's map holds as many as a
 * free account's, so it can be saved to the account later) and opens the limit popup.
 */
import { useTranslation } from 'react-i18next';
import type { Area } from '@catchment/domain';
import { addAreasCommand, type AreaDraft } from '../editor/command-builders.js';
import { useEditor } from '../editor/editor-context.js';

/** Not created: the plan's limit was reached (the limit popup says so). */
export type CreateOutcome = { ok: true; areas: Area[] } | { ok: false };

/** Creates the areas and selects them, or says they were not created. */
export function useCreateAreas(): (drafts: AreaDraft[]) => CreateOutcome {
  const { t } = useTranslation();
  const editor = useEditor();
  return (drafts) => {
    const { state } = editor;
    const { command, areas } = addAreasCommand(state, drafts, t('layers.folderLabel', { n: state.folders.length + 1 }));
    if (!editor.dispatch(command)) return { ok: false };
    editor.select(areas.map((area) => area.uuid));
    return { ok: true, areas };
  };
}
