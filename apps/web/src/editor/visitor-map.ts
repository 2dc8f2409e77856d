/**
 * A visitor (not logged in) edits a map kept in the browser's localStorage: commands are applied
 * locally only. After signup or login the map is posted to the account (uploadVisitorMap).
 */
import type { MapDocument } from '@catchment/domain';
import { apiRequest } from '../api/client.js';
import { sendApiCall } from './api-send.js';
import { applyCommand, type EditorCommand } from './commands.js';
import { areaCount, EMPTY_STATE, stateFromDocument, type EditorState } from './editor-state.js';
import { commandToRequests } from './to-requests.js';

const STORAGE_KEY = 'catchment.visitorMap';

interface StoredVisitorMap { folders: MapDocument['folders'] }

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function loadVisitorState(): EditorState {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return EMPTY_STATE;
  try {
    const stored = JSON.parse(raw) as StoredVisitorMap;
    return Array.isArray(stored.folders) ? stateFromDocument(stored) : EMPTY_STATE;
  } catch {
    return EMPTY_STATE;
  }
}

export function saveVisitorState(state: EditorState): void {
  const stored: StoredVisitorMap = { folders: state.folders };
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the map stays in memory for this visit.
  }
}

export function clearVisitorMap(): void {
  storage()?.removeItem(STORAGE_KEY);
}

/**
 * After signup or login: posts the visitor's map (when it has areas) as a new map of the account,
 * clears it from the browser and returns the new map's id. Null when there was nothing to post.
 * On failure the local map is kept, so nothing drawn is lost, and the error is thrown.
 */
export async function uploadVisitorMap(): Promise<number | null> {
  const local = loadVisitorState();
  if (areaCount(local) === 0) {
    clearVisitorMap();
    return null;
  }
  const map = await apiRequest<MapDocument>('POST', '/v2/maps', {});
  let version = map.version;
  let state = EMPTY_STATE;
  for (const [index, folder] of local.folders.entries()) {
    const command: EditorCommand = { type: 'addFolder', folder, index };
    for (const call of commandToRequests(String(map.id), command, state)) {
      version = (await sendApiCall(call, version)).version;
    }
    state = applyCommand(state, command);
  }
  clearVisitorMap();
  return map.id;
}
