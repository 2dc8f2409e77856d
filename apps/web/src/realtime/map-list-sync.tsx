/**
 * Live updates of the map being edited or viewed: rendered inside the editor, whose copy's version
 * is the one shown (it moves with our own saves, so our own changes announced back cost nothing;
 * while saves are in flight, an announcement waits for the throttle window's end).
 */
import type { MapDocument } from '@catchment/domain';
import { useEditor } from '../editor/index.js';
import { useMapListSync } from './use-realtime.js';

export function MapListSync({ document }: { document: MapDocument }) {
  const editor = useEditor();
  useMapListSync(document, () => editor.version() ?? document.version, () => editor.saveStatus === 'saving');
  return null;
}
