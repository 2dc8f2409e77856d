import { describe, expect, it } from 'vitest';
import {
  addAreasCommand, addFolderCommand, moveAreaCommand, moveFolderCommand, removeAreasCommand, removeFolderCommand,
  updateAreasCommand, updateFolderCommand,
} from './command-builders.js';
import { applyCommand, invertCommand } from './commands.js';
import type { EditorState } from './editor-state.js';
import { makeArea, makeFolder, makeState, square } from './test-factories.js';
import { commandToRequests, toCreateArea, type ApiCall } from './to-requests.js';

const MAP = '42';

function sample(): EditorState {
  return makeState(makeFolder('A', ['a1', 'a2', 'a3'], { active: true }), makeFolder('B', ['b1']), makeFolder('C'));
}

/** Calls as short strings, with uuids named by the label of what they designate. */
function describeCalls(state: EditorState, calls: ApiCall[]): string[] {
  const names = new Map<string, string>();
  for (const folder of state.folders) {
    names.set(folder.uuid, folder.label);
    for (const area of folder.areas) names.set(area.uuid, area.label);
  }
  const name = (text: string) => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (uuid) => names.get(uuid) ?? 'new');
  // Posted areas are shown by their uuid only.
  const short = (call: ApiCall) => (key: string, value: unknown) => (call.method === 'POST' && key === 'areas' && Array.isArray(value)
    ? value.map((area: { uuid: string }) => area.uuid)
    : value);
  return calls.map((call) => `${call.method} ${name(call.path)} ${call.body ? name(JSON.stringify(call.body, short(call))) : ''}`.trim());
}

function uuidOf(state: EditorState, label: string): string {
  for (const folder of state.folders) {
    if (folder.label === label) return folder.uuid;
    const area = folder.areas.find((item) => item.label === label);
    if (area) return area.uuid;
  }
  throw new Error(label);
}

describe('commandToRequests', () => {
  it('creates a folder with PUT, ordering it only when it is not the last', () => {
    const state = sample();
    const command = addFolderCommand(state, 'D');
    const calls = commandToRequests(MAP, command, state);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { label: 'D', closed: false, active: true }, versionIn: 'body' });
    expect(calls[0]!.path).toMatch(/^\/v2\/maps\/42\/folders\/[0-9a-f-]{36}$/);
  });

  it('restores a removed folder in place, with its areas, and reactivates nothing extra', () => {
    const state = sample();
    const remove = removeFolderCommand(state, uuidOf(state, 'A'))!;
    expect(describeCalls(state, commandToRequests(MAP, remove, state))).toEqual([`DELETE /v2/maps/42/folders/A`]);
    const after = applyCommand(state, remove);
    expect(describeCalls(state, commandToRequests(MAP, invertCommand(remove), after))).toEqual([
      'PUT /v2/maps/42/folders/A {"label":"A","closed":false,"active":true}',
      'PUT /v2/maps/42/folders/A/order {"referenceFolderUuid":"B","before":true}',
      'POST /v2/maps/42/folders/A/areas/bulk {"areas":["a1","a2","a3"]}',
    ]);
  });

  it('undoing a new active folder makes the previous one active again', () => {
    const state = sample();
    const add = addFolderCommand(state, 'D');
    const after = applyCommand(state, add);
    expect(describeCalls(state, commandToRequests(MAP, invertCommand(add), after))).toEqual([
      'DELETE /v2/maps/42/folders/new',
      'PATCH /v2/maps/42/folders/A {"active":true}',
    ]);
  });

  it('patches and orders folders', () => {
    const state = sample();
    expect(describeCalls(state, commandToRequests(MAP, updateFolderCommand(state, uuidOf(state, 'B'), { label: 'Bis', closed: true })!, state)))
      .toEqual(['PATCH /v2/maps/42/folders/B {"label":"Bis","closed":true}']);
    expect(describeCalls(state, commandToRequests(MAP, moveFolderCommand(state, uuidOf(state, 'A'), 2)!, state)))
      .toEqual(['PUT /v2/maps/42/folders/A/order {"referenceFolderUuid":"C","before":false}']);
    expect(describeCalls(state, commandToRequests(MAP, moveFolderCommand(state, uuidOf(state, 'C'), 1)!, state)))
      .toEqual(['PUT /v2/maps/42/folders/C/order {"referenceFolderUuid":"B","before":true}']);
  });

  it('posts new areas at the end of the active folder', () => {
    const state = sample();
    const { command } = addAreasCommand(state, [
      { label: 'n1', isoMode: 'polygon', geometry: square(2, 2) },
      { label: 'n2', isoMode: 'isodistance', transportMode: 'circle', startPoint: [4.8, 45.7], distance: 5000, geometry: square(4, 4) },
    ], 'Layer 1');
    const calls = commandToRequests(MAP, command, state);
    expect(calls).toHaveLength(1);
    const body = calls[0]!.body as { areas: Record<string, unknown>[] };
    expect(calls[0]!.path).toBe(`/v2/maps/42/folders/${uuidOf(state, 'A')}/areas/bulk`);
    expect(body.areas[1]).toMatchObject({ label: 'n2', isoMode: 'isodistance', transportMode: 'circle', startPoint: [4.8, 45.7], distance: 5000 });
    // Nulls are left out: the API's schema takes absent fields, not nulls.
    expect(Object.values(body.areas[0]!)).not.toContain(null);
  });

  it('restores removed areas in place: re-posted, then each moved before its successor', () => {
    const state = sample();
    const remove = removeAreasCommand(state, [uuidOf(state, 'a1'), uuidOf(state, 'a3'), uuidOf(state, 'b1')])!;
    const after = applyCommand(state, remove);
    expect(describeCalls(state, commandToRequests(MAP, remove, state))).toEqual([
      'DELETE /v2/maps/42/folders/A/areas/bulk {"uuids":["a1","a3"]}',
      'DELETE /v2/maps/42/folders/B/areas/bulk {"uuids":["b1"]}',
    ]);
    expect(describeCalls(state, commandToRequests(MAP, invertCommand(remove), after))).toEqual([
      'POST /v2/maps/42/folders/A/areas/bulk {"areas":["a1","a3"]}',
      'PUT /v2/maps/42/folders/A/areas/a1/order {"referenceAreaUuid":"a2","before":true,"folderId":"A"}',
      'POST /v2/maps/42/folders/B/areas/bulk {"areas":["b1"]}',
    ]);
  });

  it('patches areas by folder, and moves areas with the order call or, into an empty folder, by re-posting', () => {
    const state = sample();
    expect(describeCalls(state, commandToRequests(MAP, updateAreasCommand(state, [uuidOf(state, 'a2'), uuidOf(state, 'b1')], { hide: true })!, state))).toEqual([
      'PATCH /v2/maps/42/folders/A/areas/bulk {"areas":[{"uuid":"a2","hide":true}]}',
      'PATCH /v2/maps/42/folders/B/areas/bulk {"areas":[{"uuid":"b1","hide":true}]}',
    ]);
    expect(describeCalls(state, commandToRequests(MAP, moveAreaCommand(state, uuidOf(state, 'a1'), uuidOf(state, 'B'), 1)!, state))).toEqual([
      'PUT /v2/maps/42/folders/A/areas/a1/order {"referenceAreaUuid":"b1","before":false,"folderId":"B"}',
    ]);
    expect(describeCalls(state, commandToRequests(MAP, moveAreaCommand(state, uuidOf(state, 'a1'), uuidOf(state, 'C'), 0)!, state))).toEqual([
      'DELETE /v2/maps/42/folders/A/areas/bulk {"uuids":["a1"]}',
      'POST /v2/maps/42/folders/C/areas/bulk {"areas":["a1"]}',
    ]);
  });

  it('keeps a circle\'s start point and radius when re-posting it', () => {
    const circle = makeArea('c', { isoMode: 'isodistance', transportMode: 'circle', startPoint: [2.35, 48.85], distance: 3000, startAddress: 'Paris' });
    expect(toCreateArea(circle)).toMatchObject({ isoMode: 'isodistance', transportMode: 'circle', startPoint: [2.35, 48.85], distance: 3000, startAddress: 'Paris', geometry: circle.geometry });
  });
});
