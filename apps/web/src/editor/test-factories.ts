/** Factories for the editor's tests: small maps built fresh for each test, no shared state. */
import type { Area } from '@catchment/domain';
import { newArea } from './command-builders.js';
import type { EditorFolder, EditorState } from './editor-state.js';
import { newUuid } from './new-uuid.js';

export function square(x: number, y: number, size = 1): Area['geometry'] {
  return { type: 'Polygon', coordinates: [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]] };
}

export function makeArea(label: string, overrides: Partial<Area> = {}): Area {
  return { ...newArea({ label, isoMode: 'polygon', geometry: square(0, 0) }, 0), ...overrides };
}

export function makeFolder(label: string, areaLabels: string[] = [], overrides: Partial<EditorFolder> = {}): EditorFolder {
  return { uuid: newUuid(), label, closed: false, active: false, areas: areaLabels.map((area) => makeArea(area)), ...overrides };
}

export function makeState(...folders: EditorFolder[]): EditorState {
  return { folders, selected: [] };
}

/** A compact picture of a state: each folder's label with its areas' labels, in order. */
export function outline(state: EditorState): string[] {
  return state.folders.map((folder) => `${folder.label}: ${folder.areas.map((area) => area.label).join(',')}`);
}
