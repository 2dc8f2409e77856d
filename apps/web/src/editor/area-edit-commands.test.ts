/**
 * Editing areas after creation, through the real commands, history, request builder and store: a
 * new outline and a new recipe are one undo step each, undo gives back the old geometry and the old
 * recipe, and the server's recomputed geometry is kept.
 */
import { describe, expect, it } from 'vitest';
import { circlePolygon, type Area, type PolygonGeometry } from '@catchment/domain';
import { reshapeAreaCommand, updateAreasCommand } from './command-builders.js';
import { applyCommand, commandName, invertCommand } from './commands.js';
import { AreaEditingStore } from './area-editing.js';
import { EditorStore } from './editor-store.js';
import { findArea, type EditorState } from './editor-state.js';
import type { SendCall } from './sync.js';
import { makeArea, makeFolder, makeState, square } from './test-factories.js';
import { commandToRequests, type ApiCall } from './to-requests.js';

const NICE: [number, number] = [7.262, 43.7102];

function circleArea(): Area {
  return makeArea('Nice – 10 km', {
    isoMode: 'isodistance', transportMode: 'circle', startPoint: NICE, startAddress: 'Nice', distance: 10_000, geometry: circlePolygon(NICE, 10_000),
  });
}

function stateWith(area: Area): EditorState {
  return makeState({ ...makeFolder('Layer', [], { active: true }), areas: [area] });
}

/**
 * The server's side of the area calls: it answers a PATCH with each changed area as it stores it,
 * its circle recomputed from centre and radius (as the API does), with a hash of its own.
 */
function server() {
  const calls: ApiCall[] = [];
  let answered = 0;
  const send: SendCall = async (call, version) => {
    await Promise.resolve();
    calls.push(call);
    const patches = (call.body?.areas ?? []) as (Partial<Area> & { uuid: string })[];
    const areas = call.method === 'PATCH' ? patches.map((patch) => ({
      ...patch,
      geometry: patch.startPoint && patch.distance ? circlePolygon(patch.startPoint, patch.distance) : patch.geometry,
      hash: `server-${(answered += 1)}`,
    })) : [];
    return { version: version + 1, body: { areas, version: version + 1 } };
  };
  return { send, calls };
}

function storeFor(initial: EditorState, send: SendCall) {
  return new EditorStore({ initial, canEdit: true, server: { mapId: '7', version: 1, send }, onConflict: () => undefined });
}

function saved(store: EditorStore): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe(() => {
      if (!store.saving && store.getSnapshot().saveStatus === 'saved') {
        unsubscribe();
        resolve();
      }
    });
  });
}

const areaOf = (store: EditorStore, uuid: string) => findArea(store.getSnapshot().state, uuid)!;

describe('reshaping an area', () => {
  it('changes only the outline of a drawn polygon, saved as one PATCH, undone in place', () => {
    const drawn = makeArea('Drawn', { operation: 'manualArea' });
    const state = stateWith(drawn);
    const moved: PolygonGeometry = { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [1, 1], [0, 1], [0, 0]]] };
    const command = reshapeAreaCommand(state, drawn.uuid, moved)!;
    expect(commandName(command)).toBe('reshapeAreas');
    const after = applyCommand(state, command);
    expect(findArea(after, drawn.uuid)).toEqual({ ...drawn, geometry: moved });
    expect(commandToRequests('7', command, state)).toEqual([{
      method: 'PATCH', path: `/v2/maps/7/folders/${state.folders[0]!.uuid}/areas/bulk`, body: { areas: [{ uuid: drawn.uuid, geometry: moved }] }, versionIn: 'body',
    }]);
    expect(findArea(applyCommand(after, invertCommand(command)), drawn.uuid)).toEqual(drawn);
  });

  it('turns a reshaped circle into a plain polygon, and undo gives back its centre and radius', () => {
    const circle = circleArea();
    const state = stateWith(circle);
    const drawn = square(7.2, 43.7, 0.1) as PolygonGeometry;
    const command = reshapeAreaCommand(state, circle.uuid, drawn)!;
    const after = applyCommand(state, command);
    expect(findArea(after, circle.uuid)).toMatchObject({
      isoMode: 'polygon', operation: 'manualArea', transportMode: null, startPoint: null, startAddress: null, distance: null, geometry: drawn,
      label: circle.label, color: circle.color,
    });
    const [call] = commandToRequests('7', command, state);
    expect(call!.body).toEqual({ areas: [{
      uuid: circle.uuid, geometry: drawn, isoMode: 'polygon', operation: 'manualArea', transportMode: null, startPoint: null, startAddress: null, distance: null,
    }] });
    expect(findArea(applyCommand(after, invertCommand(command)), circle.uuid)).toEqual(circle);
  });
});

describe('changing a recipe', () => {
  it('leaves out a centre that did not move (a new array with the same coordinates)', () => {
    const circle = circleArea();
    const command = updateAreasCommand(stateWith(circle), [circle.uuid], { startPoint: [NICE[0], NICE[1]], distance: 5000, geometry: circlePolygon(NICE, 5000) });
    expect(command).toMatchObject({ type: 'updateAreas', changes: [{ uuid: circle.uuid, before: { distance: 10_000 }, after: { distance: 5000 } }] });
    expect(Object.keys((command as { changes: { after: object }[] }).changes[0]!.after).sort()).toEqual(['distance', 'geometry']);
    expect(commandName(command!)).toBe('updateAreas');
  });

  it('saves, keeps the server\'s geometry, and undoes and redoes the change in one step', async () => {
    const circle = circleArea();
    const { send, calls } = server();
    const store = storeFor(stateWith(circle), send);
    const moved: [number, number] = [7.3, 43.72];
    const clientGeometry = circlePolygon(moved, 3000);

    let done = saved(store);
    store.dispatch(updateAreasCommand(store.getSnapshot().state, [circle.uuid], {
      startPoint: moved, startAddress: null, distance: 3000, geometry: clientGeometry, label: 'Point – 3 km',
    })!);
    expect(store.getSnapshot().lastAction).toMatchObject({ name: 'updateAreas', count: 1 });
    await done;
    expect(areaOf(store, circle.uuid)).toMatchObject({
      uuid: circle.uuid, color: circle.color, label: 'Point – 3 km', startPoint: moved, startAddress: null, distance: 3000, hash: 'server-1',
    });
    expect(calls[0]!.body).toMatchObject({ areas: [{ uuid: circle.uuid, startPoint: moved, distance: 3000, geometry: clientGeometry }] });

    done = saved(store);
    store.undo();
    expect(areaOf(store, circle.uuid)).toMatchObject({ label: circle.label, startPoint: NICE, startAddress: 'Nice', distance: 10_000, geometry: circle.geometry });
    expect(store.canUndo).toBe(false);
    await done;
    // What undo sends: the old recipe and the old geometry, for the server to recompute.
    expect(calls[1]!.body).toMatchObject({ areas: [{ uuid: circle.uuid, startPoint: NICE, startAddress: 'Nice', distance: 10_000, geometry: circle.geometry }] });

    done = saved(store);
    store.redo();
    await done;
    expect(areaOf(store, circle.uuid)).toMatchObject({ startPoint: moved, distance: 3000, hash: 'server-3' });
  });

  it('keeps an edit made before the server answered the previous one', async () => {
    const circle = circleArea();
    const { send } = server();
    const store = storeFor(stateWith(circle), send);
    const done = saved(store);
    store.dispatch(updateAreasCommand(store.getSnapshot().state, [circle.uuid], { distance: 3000, geometry: circlePolygon(NICE, 3000) })!);
    const latest = circlePolygon(NICE, 4000);
    store.dispatch(updateAreasCommand(store.getSnapshot().state, [circle.uuid], { distance: 4000, geometry: latest })!);
    await done;
    expect(areaOf(store, circle.uuid)).toMatchObject({ distance: 4000, geometry: latest, hash: 'server-2' });
  });
});

describe('AreaEditingStore', () => {
  it('edits one area at a time, in the ways the area allows', () => {
    const circle = circleArea();
    const drawn = makeArea('Drawn');
    const store = new EditorStore({ initial: makeState({ ...makeFolder('Layer', [], { active: true }), areas: [circle, drawn] }), canEdit: true, server: null, onConflict: () => undefined });
    const editing = new AreaEditingStore(store, true);
    expect(editing.start(drawn.uuid, 'parameters')).toBe(false);
    expect(editing.start(circle.uuid, 'parameters')).toBe(true);
    expect(editing.get()).toEqual({ uuid: circle.uuid, kind: 'parameters' });
    expect(editing.start(drawn.uuid, 'shape')).toBe(true);
    expect(editing.get()).toEqual({ uuid: drawn.uuid, kind: 'shape' });
    editing.stop();
    expect(editing.get()).toBeNull();
  });

  it('stops when the area goes away (its creation undone, deleted)', () => {
    const circle = circleArea();
    const store = new EditorStore({ initial: stateWith(circle), canEdit: true, server: null, onConflict: () => undefined });
    const editing = new AreaEditingStore(store, true);
    editing.start(circle.uuid, 'shape');
    store.dispatch({ type: 'removeAreas', entries: [{ folderUuid: store.getSnapshot().state.folders[0]!.uuid, index: 0, area: circle }] });
    expect(editing.get()).toBeNull();
  });

  it('offers no editing on read-only maps, nor where it is not allowed', () => {
    const circle = circleArea();
    const readOnly = new AreaEditingStore(new EditorStore({ initial: stateWith(circle), canEdit: false, server: null, onConflict: () => undefined }), true);
    expect(readOnly.enabled).toBe(false);
    expect(readOnly.start(circle.uuid, 'parameters')).toBe(false);
    const visitor = new AreaEditingStore(new EditorStore({ initial: stateWith(circle), canEdit: true, server: null, onConflict: () => undefined }), false);
    expect(visitor.enabled).toBe(false);
    expect(visitor.start(circle.uuid, 'shape')).toBe(false);
  });
});
