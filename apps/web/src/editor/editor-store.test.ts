import { describe, expect, it } from 'vitest';
import { circlePolygon, type MapDocument } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { addAreasCommand, removeAreasCommand, updateAreasCommand } from './command-builders.js';
import { EditorStore } from './editor-store.js';
import type { EditorState } from './editor-state.js';
import type { SendCall } from './sync.js';
import { makeFolder, makeState, outline, square } from './test-factories.js';
import type { ApiCall } from './to-requests.js';

class HttpFailure extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** The network boundary: records calls; `answer` may fail a call (a status, or the API's error) or give the body the server would send. */
function network(answer: (call: ApiCall) => { fail?: number | ApiError; body?: Record<string, unknown> } = () => ({})) {
  const calls: ApiCall[] = [];
  const send: SendCall = async (call, version) => {
    await Promise.resolve();
    calls.push(call);
    const { fail, body } = answer(call);
    if (fail instanceof ApiError) throw fail;
    if (fail) throw new HttpFailure(fail);
    return { version: version + 1, body: { ...body, version: version + 1 } };
  };
  return { send, calls };
}

function storeFor(initial: EditorState, send: SendCall, extra: { onConflict?: () => void; maxAreas?: number } = {}) {
  return new EditorStore({
    initial, canEdit: true, server: { mapId: '5', version: 1, send }, onConflict: extra.onConflict ?? (() => undefined), maxAreas: extra.maxAreas ?? null,
  });
}

/** Resolves with the save status that follows the next 'saving'. */
function settled(store: EditorStore): Promise<string> {
  let saving = false;
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe(() => {
      const status = store.getSnapshot().saveStatus;
      saving ||= status === 'saving';
      if (saving && status !== 'saving') {
        unsubscribe();
        resolve(status);
      }
    });
  });
}

describe('EditorStore', () => {
  it('applies, saves, undoes and redoes a command, with the undo toast action', async () => {
    const initial = makeState(makeFolder('A', ['a1', 'a2'], { active: true }));
    const { send, calls } = network();
    const store = storeFor(initial, send);
    const a1 = initial.folders[0]!.areas[0]!.uuid;

    const done = settled(store);
    store.dispatch(removeAreasCommand(store.getSnapshot().state, [a1])!);
    expect(outline(store.getSnapshot().state)).toEqual(['A: a2']);
    expect(store.getSnapshot().lastAction).toMatchObject({ name: 'removeAreas', count: 1 });
    expect(await done).toBe('saved');
    expect(calls.map((call) => call.method)).toEqual(['DELETE']);
    expect(store.version).toBe(2);

    const undone = settled(store);
    store.undo();
    expect(outline(store.getSnapshot().state)).toEqual(['A: a1,a2']);
    expect(store.getSnapshot().lastAction).toBeNull();
    expect(store.canRedo).toBe(true);
    await undone;
    expect(calls.map((call) => call.method)).toEqual(['DELETE', 'POST', 'PUT']);

    store.redo();
    expect(outline(store.getSnapshot().state)).toEqual(['A: a2']);
    expect(store.canRedo).toBe(false);
  });

  it('undoes successive colour changes of one area in one step', () => {
    const initial = makeState(makeFolder('A', ['a1'], { active: true }));
    const store = storeFor(initial, network().send);
    const uuid = initial.folders[0]!.areas[0]!.uuid;
    const original = initial.folders[0]!.areas[0]!.color;
    for (const color of ['#101010', '#202020', '#303030']) store.dispatch(updateAreasCommand(store.getSnapshot().state, [uuid], { color })!);
    store.undo();
    expect(store.getSnapshot().state.folders[0]!.areas[0]!.color).toBe(original);
    expect(store.canUndo).toBe(false);
  });

  it('keeps the geometry the server answers for a posted circle', async () => {
    const initial = makeState(makeFolder('A', [], { active: true }));
    const serverGeometry = circlePolygon([4.84, 45.76], 10_000);
    const { send } = network((call) => (call.method === 'POST'
      ? { body: { areas: (call.body!.areas as { uuid: string }[]).map((area) => ({ ...area, geometry: serverGeometry, hash: 'abc' })) } }
      : {}));
    const store = storeFor(initial, send);
    const { command } = addAreasCommand(initial, [{ label: 'Lyon', isoMode: 'isodistance', transportMode: 'circle', distance: 10_000, startPoint: [4.84, 45.76], geometry: square(4, 45) }], 'Layer 1');
    const done = settled(store);
    store.dispatch(command);
    await done;
    const saved = store.getSnapshot().state.folders[0]!.areas[0]!;
    expect(saved.geometry).toEqual(serverGeometry);
    expect(saved.hash).toBe('abc');
  });

  it('rolls back a refused creation, forgets it and reports the error', async () => {
    const initial = makeState(makeFolder('A', ['a1'], { active: true }));
    const { send } = network((call) => (call.method === 'POST' ? { fail: 403 } : {}));
    const store = storeFor(initial, send);
    const { command } = addAreasCommand(initial, [{ label: 'eleventh', isoMode: 'polygon', geometry: square(2, 2) }], 'Layer 1');
    const done = settled(store);
    store.dispatch(command);
    expect(outline(store.getSnapshot().state)).toEqual(['A: a1,eleventh']);
    expect(await done).toBe('error');
    expect(outline(store.getSnapshot().state)).toEqual(['A: a1']);
    expect(store.canUndo).toBe(false);
    expect((store.getSnapshot().saveError?.error as HttpFailure).status).toBe(403);
  });

  it('rolls back a change the server refuses (4xx), and says Saved again: the map is as saved', async () => {
    const initial = makeState(makeFolder('A', ['a1'], { active: true }));
    let refuse = true;
    const { send, calls } = network((call) => (call.method === 'POST' && refuse ? { fail: new ApiError(422, 'UNPROCESSABLE', 'The request cannot be processed') } : {}));
    const store = storeFor(initial, send);
    const done = settled(store);
    store.dispatch(addAreasCommand(initial, [{ label: 'refused', isoMode: 'polygon', geometry: square(2, 2) }], 'Layer 1').command);
    await done;
    expect(outline(store.getSnapshot().state)).toEqual(['A: a1']);
    expect(store.getSnapshot()).toMatchObject({ saveStatus: 'saved', saveError: { rolledBack: true }, limitRefusal: null });

    refuse = false;
    const next = settled(store);
    store.dispatch(addAreasCommand(store.getSnapshot().state, [{ label: 'accepted', isoMode: 'polygon', geometry: square(3, 3) }], 'Layer 1').command);
    expect(await next).toBe('saved');
    expect(outline(store.getSnapshot().state)).toEqual(['A: a1,accepted']);
    expect(calls.map((call) => call.method)).toEqual(['POST', 'POST']);
  });

  it('refuses a change past the plan\'s area limit before saving it, and opens the limit popup', () => {
    const initial = makeState(makeFolder('A', ['a1', 'a2'], { active: true }));
    const { send, calls } = network();
    const store = storeFor(initial, send, { maxAreas: 2 });
    const adding = addAreasCommand(initial, [{ label: 'third', isoMode: 'polygon', geometry: square(2, 2) }], 'Layer 1').command;
    expect(store.dispatch(adding)).toBe(false);
    expect(outline(store.getSnapshot().state)).toEqual(['A: a1,a2']);
    expect(store.getSnapshot()).toMatchObject({ limitRefusal: { maxAreas: 2, areasInMap: 2 }, saveStatus: 'idle', lastAction: null });
    expect(calls).toEqual([]);
    expect(store.canUndo).toBe(false);
    store.dismissLimitRefusal();
    expect(store.getSnapshot().limitRefusal).toBeNull();
    // Room made, the same change goes through.
    expect(store.dispatch(removeAreasCommand(store.getSnapshot().state, [initial.folders[0]!.areas[0]!.uuid])!)).toBe(true);
    expect(store.dispatch(addAreasCommand(store.getSnapshot().state, [{ label: 'third', isoMode: 'polygon', geometry: square(2, 2) }], 'Layer 1').command)).toBe(true);
    expect(outline(store.getSnapshot().state)).toEqual(['A: a2,third']);
    // A paid plan (no limit) is never stopped here.
    store.setAreaLimit(null);
    expect(store.dispatch(addAreasCommand(store.getSnapshot().state, [{ label: 'fourth', isoMode: 'polygon', geometry: square(4, 4) }], 'Layer 1').command)).toBe(true);
  });

  it('opens the limit popup when the server refuses for the limit, with the map rolled back and saving still working', async () => {
    const initial = makeState(makeFolder('A', ['a1'], { active: true }));
    const limit = new ApiError(403, 'AREA_LIMIT_REACHED', 'The free plan allows a limited number of areas per map', { maxAreas: 10 });
    const { send } = network((call) => (call.method === 'POST' ? { fail: limit } : {}));
    const store = storeFor(initial, send);
    const done = settled(store);
    store.dispatch(addAreasCommand(initial, [{ label: 'eleventh', isoMode: 'polygon', geometry: square(2, 2) }], 'Layer 1').command);
    await done;
    expect(outline(store.getSnapshot().state)).toEqual(['A: a1']);
    expect(store.getSnapshot()).toMatchObject({ saveStatus: 'saved', saveError: null, limitRefusal: { maxAreas: 10, areasInMap: 1 } });
    const renamed = settled(store);
    store.dispatch(updateAreasCommand(store.getSnapshot().state, [initial.folders[0]!.areas[0]!.uuid], { label: 'renamed' })!);
    expect(await renamed).toBe('saved');
  });

  it('tells when a command gives an empty map its first area, and only then', () => {
    const store = new EditorStore({ initial: makeState(), canEdit: true, server: null, onConflict: () => undefined });
    expect(store.getSnapshot().firstAreaAdded).toBeNull();
    const add = (label: string) => store.dispatch(addAreasCommand(store.getSnapshot().state, [{ label, isoMode: 'polygon', geometry: square(0, 0) }], 'Layer 1').command);
    add('first');
    const first = store.getSnapshot().firstAreaAdded;
    expect(first).not.toBeNull();
    add('second');
    expect(store.getSnapshot().firstAreaAdded).toBe(first);
    // Undone, then redone: the same area coming back is no new first area; nor is a map that already had some.
    store.undo();
    store.undo();
    store.redo();
    expect(store.getSnapshot().firstAreaAdded).toBe(first);
    const withAreas = new EditorStore({ initial: makeState(makeFolder('A', ['a1'], { active: true })), canEdit: true, server: null, onConflict: () => undefined });
    withAreas.dispatch(addAreasCommand(withAreas.getSnapshot().state, [{ label: 'b', isoMode: 'polygon', geometry: square(2, 2) }], 'A').command);
    expect(withAreas.getSnapshot().firstAreaAdded).toBeNull();
  });

  it('asks for a reload on a version conflict', async () => {
    const initial = makeState(makeFolder('A', ['a1'], { active: true }));
    let conflicts = 0;
    const { send } = network(() => ({ fail: 409 }));
    const store = storeFor(initial, send, { onConflict: () => { conflicts += 1; } });
    store.dispatch(updateAreasCommand(initial, [initial.folders[0]!.areas[0]!.uuid], { label: 'renamed' })!);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(conflicts).toBe(1);
  });

  it('keeps a visitor\'s map locally and refuses edits of a read-only map', () => {
    const initial = makeState();
    const persisted: EditorState[] = [];
    const visitor = new EditorStore({ initial, canEdit: true, server: null, onConflict: () => undefined, persistLocal: (state) => persisted.push(state) });
    visitor.dispatch(addAreasCommand(initial, [{ label: 'p', isoMode: 'polygon', geometry: square(0, 0) }], 'Layer 1').command);
    expect(persisted.map(outline)).toEqual([['Layer 1: p']]);
    expect(visitor.getSnapshot().saveStatus).toBe('idle');

    const readOnly = new EditorStore({ initial: makeState(makeFolder('A', ['a1'])), canEdit: false, server: null, onConflict: () => undefined });
    readOnly.dispatch(removeAreasCommand(readOnly.getSnapshot().state, [readOnly.getSnapshot().state.folders[0]!.areas[0]!.uuid])!);
    expect(outline(readOnly.getSnapshot().state)).toEqual(['A: a1']);
    expect(readOnly.canUndo).toBe(false);
  });
});

describe('EditorStore after a save refused for a stale version (409)', () => {
  /** The map as the server has it once the other user changed it: what fetchLatest answers. */
  const serverMap = (state: EditorState, version: number) => ({ version, folders: state.folders }) as unknown as MapDocument;

  function conflictedStore(theirs: (loaded: EditorState) => EditorState) {
    const loaded = makeState(makeFolder('A', ['a1', 'a2'], { active: true }));
    let refused = false;
    const { send, calls } = network(() => (refused ? {} : (refused = true, { fail: 409 })));
    const versions: number[] = [];
    const recorded: SendCall = (call, version) => { versions.push(version); return send(call, version); };
    let reloads = 0;
    const store = new EditorStore({
      initial: loaded, canEdit: true, onConflict: () => { reloads += 1; },
      server: { mapId: '5', version: 1, send: recorded, fetchLatest: async () => serverMap(theirs(loaded), 9) },
    });
    return { store, loaded, calls, versions, reloads: () => reloads };
  }

  it("puts the user's change on top of the other user's and saves it again from the server's version, without a reload", async () => {
    const extra = makeFolder('B', ['b1']);
    const { store, loaded, calls, versions, reloads } = conflictedStore((map) => ({ ...map, folders: [...map.folders, extra] }));
    const done = settled(store);
    store.dispatch(updateAreasCommand(loaded, [loaded.folders[0]!.areas[0]!.uuid], { label: 'renamed' })!);
    expect(await done).toBe('saved');
    expect(outline(store.getSnapshot().state)).toEqual(['A: renamed,a2', 'B: b1']);
    expect(calls.map((call) => `${call.method} ${call.body?.areas ? JSON.stringify((call.body.areas as { label?: string }[]).map((area) => area.label)) : ''}`))
      .toEqual(['PATCH ["renamed"]', 'PATCH ["renamed"]']);
    expect(versions).toEqual([1, 9]);
    expect(store.version).toBe(10);
    expect(reloads()).toBe(0);
    expect(store.getSnapshot().changesLost).toBeNull();
  });

  it('drops a change to an area the other user deleted, from the map and the history, and says so', async () => {
    const { store, loaded, calls, reloads } = conflictedStore((map) => ({
      ...map, folders: [{ ...map.folders[0]!, areas: map.folders[0]!.areas.slice(1) }],
    }));
    const done = settled(store);
    store.dispatch(updateAreasCommand(loaded, [loaded.folders[0]!.areas[0]!.uuid], { label: 'renamed' })!);
    expect(await done).toBe('saved');
    expect(outline(store.getSnapshot().state)).toEqual(['A: a2']);
    expect(calls).toHaveLength(1);
    expect(store.getSnapshot().changesLost).not.toBeNull();
    expect(store.canUndo).toBe(false);
    expect(store.getSnapshot().lastAction).toBeNull();
    expect(reloads()).toBe(0);
  });
});
