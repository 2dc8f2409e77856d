/**
 * EditorProvider gives the map page its editor: the state of the map being edited, commands with
 * undo/redo, autosave (or the visitor's local map when `document` is null), and the link to the map
 * adapter: it draws the areas with their selection and selects areas clicked on the map.
 */
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { FREE_MAX_AREAS_PER_MAP, maxAreasPerMap, type MapDocument } from '@catchment/domain';
import { useSession } from '../auth/use-session.js';
import { useMapAdapter, type DisplayArea } from '../map/map-context.js';
import { fetchMap } from '../api/maps.js';
import { sendApiCall } from './api-send.js';
import { AreaEditingBridge } from './area-editing-bridge.js';
import type { EditorCommand } from './commands.js';
import { EditorStore, type EditorSnapshot } from './editor-store.js';
import { stateFromDocument, type EditorState } from './editor-state.js';
import type { SaveStatus } from './sync.js';
import { FirstAreaNotice } from './first-area-notice.js';
import { LimitPopup } from './limit-popup.js';
import { loadVisitorState, saveVisitorState } from './visitor-map.js';

export { uploadVisitorMap } from './visitor-map.js';

export interface EditorApi {
  state: EditorState;
  canEdit: boolean;
  saveStatus: SaveStatus;
  /** Applies the command; false when it was not (nothing changed, or the plan's area limit: the limit popup opens). */
  dispatch(command: EditorCommand): boolean;
  undo(): void;
  redo(): void;
  canUndo: boolean;
  canRedo: boolean;
  select(uuids: string[]): void;
  /** The map version the editor's copy is at: the loaded one, then each save's; null for a local or read-only map. */
  version(): number | null;
}

interface EditorContextValue { store: EditorStore; isVisitor: boolean }

const EditorContext = createContext<EditorContextValue | null>(null);

function documentKey(document: MapDocument | null): string {
  return document ? `map:${document.id}` : 'visitor';
}

function createStore(document: MapDocument | null, onConflict: () => void): EditorStore {
  if (!document) {
    return new EditorStore({ initial: loadVisitorState(), canEdit: true, server: null, onConflict, persistLocal: saveVisitorState });
  }
  return new EditorStore({
    initial: stateFromDocument(document),
    canEdit: document.canEdit,
    server: document.canEdit ? { mapId: String(document.id), version: document.version, send: sendApiCall, fetchLatest: () => fetchMap(document.id) } : null,
    onConflict,
  });
}

interface Holder { key: string; document: MapDocument | null; store: EditorStore }

export function EditorProvider(props: { document: MapDocument | null; onConflict(): void; children: ReactNode }) {
  const { document, children } = props;
  const onConflictRef = useRef(props.onConflict);
  const reloadRequested = useRef(false);
  useEffect(() => {
    onConflictRef.current = props.onConflict;
  });
  const [conflictHandler] = useState(() => () => {
    reloadRequested.current = true;
    onConflictRef.current();
  });

  const [holder, setHolder] = useState<Holder>(() => ({
    key: documentKey(document), document, store: createStore(document, conflictHandler),
  }));
  if (holder.document !== document) {
    // A new map, or the same map reloaded after a conflict or changed by someone else: start over
    // from the server's copy, with an empty history. Our own saves coming back unchanged keep it all.
    const serverMovedOn = !!document && !holder.store.saving && (holder.store.version ?? 0) < document.version;
    const restart = documentKey(document) !== holder.key || reloadRequested.current || serverMovedOn;
    reloadRequested.current = reloadRequested.current && !restart;
    setHolder(restart
      ? { key: documentKey(document), document, store: createStore(document, conflictHandler) }
      : { ...holder, document });
  }
  const { store } = holder;

  // The plan's areas-per-map limit: the signed-in user's plan (the server checks the caller's), a
  // free account's for a visitor's map. Set during render, so a command dispatched right after
  // the session is known already meets the right limit.
  const session = useSession();
  store.setAreaLimit(document === null ? FREE_MAX_AREAS_PER_MAP : session.user ? maxAreasPerMap(session.user.product) : null);

  useEffect(() => {
    store.resume();
    return () => store.dispose();
  }, [store]);

  // The command history is cleared when the route changes (SPEC §4); a new map gets a new store.
  const { pathname } = useLocation();
  const lastPathname = useRef(pathname);
  useEffect(() => {
    if (lastPathname.current !== pathname) store.clearHistory();
    lastPathname.current = pathname;
  }, [pathname, store]);

  const [value, setValue] = useState<EditorContextValue>({ store, isVisitor: document === null });
  if (value.store !== store) setValue({ store, isVisitor: document === null });

  return (
    <EditorContext.Provider value={value}>
      <MapAreasBridge store={store} />
      <AreaEditingBridge store={store} allowed={document !== null} />
      {children}
      <LimitPopup />
      <FirstAreaNotice />
    </EditorContext.Provider>
  );
}

function toDisplayAreas(state: EditorState): DisplayArea[] {
  const selected = new Set(state.selected);
  return state.folders.flatMap((folder) => folder.areas.map((area) => ({
    uuid: area.uuid,
    label: area.label,
    color: area.color,
    hide: area.hide,
    selected: selected.has(area.uuid),
    geometry: area.geometry as DisplayArea['geometry'],
  })));
}

/** Keeps the map's drawn areas equal to the editor's, and selects areas clicked on the map. */
function MapAreasBridge({ store }: { store: EditorStore }) {
  const adapter = useMapAdapter();
  const { state } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => {
    adapter?.showAreas(toDisplayAreas(state));
  }, [adapter, state]);
  useEffect(() => {
    if (!adapter) return undefined;
    return adapter.onAreaClick((uuid, additive) => {
      const { selected } = store.getSnapshot().state;
      if (!additive) store.select([uuid]);
      else store.select(selected.includes(uuid) ? selected.filter((item) => item !== uuid) : [...selected, uuid]);
    });
  }, [adapter, store]);
  return null;
}

function useEditorContext(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor must be used inside an EditorProvider');
  return value;
}

/** The whole store snapshot, for the editor's own components (undo toast, save errors). */
export function useEditorSnapshot(): EditorSnapshot & { store: EditorStore; isVisitor: boolean } {
  const { store, isVisitor } = useEditorContext();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, store, isVisitor };
}

export function useEditor(): EditorApi {
  const { store } = useEditorContext();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return {
    state: snapshot.state,
    canEdit: store.canEdit,
    saveStatus: snapshot.saveStatus,
    dispatch: (command) => store.dispatch(command),
    undo: () => store.undo(),
    redo: () => store.redo(),
    canUndo: store.canUndo,
    canRedo: store.canRedo,
    select: (uuids) => store.select(uuids),
    version: () => store.version,
  };
}
