/**
 * Creating areas from the create-area panel: one command adding them to the active layer (and
 * 'Layer 1' when there is none), then the new areas are selected. A visitor's map holds
 * as many areas as a free account's map, so it can be saved to the account later.
 */
import { useTranslation } from 'react-i18next';
import { FREE_MAX_AREAS_PER_MAP, type Area } from '@catchment/domain';
import { addAreasCommand, type AreaDraft } from '../editor/command-builders.js';
import { useEditor, useEditorSnapshot } from '../editor/editor-context.js';
import { areaCount } from '../editor/editor-state.js';

export type CreateOutcome = { ok: true; areas: Area[] } | { ok: false; error: string };

/** Creates the areas and selects them, or says why not. */
export function useCreateAreas(): (drafts: AreaDraft[]) => CreateOutcome {
  const { t } = useTranslation();
  const editor = useEditor();
  const { isVisitor } = useEditorSnapshot();
  return (drafts) => {
    const { state } = editor;
    if (isVisitor && areaCount(state) + drafts.length > FREE_MAX_AREAS_PER_MAP) return { ok: false, error: t('errors.areaLimitReached') };
    const { command, areas } = addAreasCommand(state, drafts, t('layers.folderLabel', { n: state.folders.length + 1 }));
    editor.dispatch(command);
    editor.select(areas.map((area) => area.uuid));
    return { ok: true, areas };
  };
}
