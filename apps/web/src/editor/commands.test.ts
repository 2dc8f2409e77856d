import { describe, expect, it } from 'vitest';
import { applyCommand, commandName, invertCommand, isMergeable, recordsHistory, type EditorCommand } from './commands.js';
import {
  addAreasCommand, addFolderCommand, moveAreaCommand, moveFolderCommand, removeAreasCommand, removeFolderCommand,
  stepAreaCommand, updateAreasCommand, updateFolderCommand,
} from './command-builders.js';
import { activeFolder, findArea, type EditorState } from './editor-state.js';
import { makeFolder, makeState, outline, square } from './test-factories.js';

function sample(): EditorState {
  return makeState(makeFolder('A', ['a1', 'a2', 'a3'], { active: true }), makeFolder('B', ['b1']), makeFolder('C'));
}

function uuidOf(state: EditorState, label: string): string {
  const area = state.folders.flatMap((folder) => folder.areas).find((item) => item.label === label);
  if (area) return area.uuid;
  return state.folders.find((folder) => folder.label === label)!.uuid;
}

/** Applying a command then its inverse gives back the same map. */
function expectRoundTrip(state: EditorState, command: EditorCommand | null): EditorState {
  expect(command).not.toBeNull();
  const after = applyCommand(state, command!);
  expect(after).not.toEqual(state);
  expect(applyCommand(after, invertCommand(command!))).toEqual(state);
  return after;
}

describe('commands', () => {
  it('removes areas and restores them in place, across folders', () => {
    const state = sample();
    const after = expectRoundTrip(state, removeAreasCommand(state, [uuidOf(state, 'a3'), uuidOf(state, 'a1'), uuidOf(state, 'b1')]));
    expect(outline(after)).toEqual(['A: a2', 'B: ', 'C: ']);
  });

  it('adds areas to the active layer, creating "Layer 1" when the map has none', () => {
    const state = sample();
    const { command, areas } = addAreasCommand(state, [{ label: 'new', isoMode: 'polygon', geometry: square(3, 3) }], 'Layer 1');
    expect(outline(expectRoundTrip(state, command))).toEqual(['A: a1,a2,a3,new', 'B: b1', 'C: ']);
    expect(areas[0]!.color).toMatch(/^#[0-9a-f]{6}$/);

    const empty = makeState();
    const first = addAreasCommand(empty, [{ label: 'x', isoMode: 'polygon', geometry: square(0, 0) }], 'Layer 1');
    const created = expectRoundTrip(empty, first.command);
    expect(outline(created)).toEqual(['Layer 1: x']);
    expect(activeFolder(created)?.active).toBe(true);
    expect(commandName(first.command)).toBe('addAreas');
  });

  it('updates areas with before and after values', () => {
    const state = sample();
    const command = updateAreasCommand(state, [uuidOf(state, 'a1'), uuidOf(state, 'b1')], { color: '#123456' });
    const after = expectRoundTrip(state, command);
    expect(findArea(after, uuidOf(state, 'b1'))?.color).toBe('#123456');
    expect(commandName(command!)).toBe('recolorAreas');
    expect(isMergeable(command!)).toBe(true);
    // Nothing to change: no command.
    expect(updateAreasCommand(after, [uuidOf(state, 'a1')], { color: '#123456' })).toBeNull();
  });

  it('moves areas within a folder and into another one', () => {
    const state = sample();
    expect(outline(expectRoundTrip(state, moveAreaCommand(state, uuidOf(state, 'a1'), uuidOf(state, 'A'), 2)))).toEqual(['A: a2,a3,a1', 'B: b1', 'C: ']);
    expect(outline(expectRoundTrip(state, moveAreaCommand(state, uuidOf(state, 'a2'), uuidOf(state, 'B'), 0)))).toEqual(['A: a1,a3', 'B: a2,b1', 'C: ']);
    expect(moveAreaCommand(state, uuidOf(state, 'a2'), uuidOf(state, 'A'), 1)).toBeNull();
  });

  it('steps an area past the edge of its folder into the neighbour', () => {
    const state = sample();
    expect(outline(applyCommand(state, stepAreaCommand(state, uuidOf(state, 'a3'), 1)!))).toEqual(['A: a1,a2', 'B: a3,b1', 'C: ']);
    expect(outline(applyCommand(state, stepAreaCommand(state, uuidOf(state, 'b1'), -1)!))).toEqual(['A: a1,a2,a3,b1', 'B: ', 'C: ']);
    expect(stepAreaCommand(state, uuidOf(state, 'a1'), -1)).toBeNull();
  });

  it('adds, renames, moves and removes folders, restoring a removed folder with its areas', () => {
    const state = sample();
    expect(outline(expectRoundTrip(state, addFolderCommand(state, 'D')))).toEqual(['A: a1,a2,a3', 'B: b1', 'C: ', 'D: ']);
    expect(outline(expectRoundTrip(state, removeFolderCommand(state, uuidOf(state, 'A'))))).toEqual(['B: b1', 'C: ']);
    expect(outline(expectRoundTrip(state, moveFolderCommand(state, uuidOf(state, 'C'), 0)))).toEqual(['C: ', 'A: a1,a2,a3', 'B: b1']);
    const rename = updateFolderCommand(state, uuidOf(state, 'B'), { label: 'Bis' });
    expect(outline(expectRoundTrip(state, rename))).toEqual(['A: a1,a2,a3', 'Bis: b1', 'C: ']);
    expect(recordsHistory(rename!)).toBe(true);
  });

  it('keeps a single active folder, and does not record opening or activating a layer', () => {
    const state = sample();
    const activate = updateFolderCommand(state, uuidOf(state, 'B'), { active: true })!;
    const after = applyCommand(state, activate);
    expect(after.folders.map((folder) => folder.active)).toEqual([false, true, false]);
    expect(recordsHistory(activate)).toBe(false);
    expect(recordsHistory(updateFolderCommand(state, uuidOf(state, 'A'), { closed: true })!)).toBe(false);
  });

  it('drops removed areas from the selection', () => {
    const state = { ...sample(), selected: [] as string[] };
    const withSelection = { ...state, selected: [uuidOf(state, 'a1'), uuidOf(state, 'b1')] };
    const after = applyCommand(withSelection, removeAreasCommand(withSelection, [uuidOf(state, 'b1')])!);
    expect(after.selected).toEqual([uuidOf(state, 'a1')]);
  });

  it('undoes a batch in reverse order', () => {
    const state = sample();
    const folder = addFolderCommand(state, 'D');
    const move: EditorCommand = {
      type: 'moveArea', uuid: uuidOf(state, 'a1'),
      from: { folderUuid: uuidOf(state, 'A'), index: 0 },
      to: { folderUuid: (folder as Extract<EditorCommand, { type: 'addFolder' }>).folder.uuid, index: 0 },
    };
    const batch: EditorCommand = { type: 'batch', name: 'moveArea', commands: [folder, move] };
    expect(outline(expectRoundTrip(state, batch))).toEqual(['A: a2,a3', 'B: b1', 'C: ', 'D: a1']);
  });
});
