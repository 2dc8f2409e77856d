import { describe, expect, it } from 'vitest';
import { updateAreasCommand, removeAreasCommand } from './command-builders.js';
import { applyCommand, type EditorCommand } from './commands.js';
import { canRedo, canUndo, EMPTY_HISTORY, forgetCommands, pushCommand, takeRedo, takeUndo } from './history.js';
import { makeFolder, makeState } from './test-factories.js';

function setup() {
  const state = makeState(makeFolder('A', ['a1', 'a2'], { active: true }));
  const [a1, a2] = state.folders[0]!.areas;
  return { state, a1: a1!.uuid, a2: a2!.uuid };
}

describe('history', () => {
  it('undoes and redoes one command at a time, and a new command clears redo', () => {
    const { state, a1, a2 } = setup();
    const first = removeAreasCommand(state, [a1])!;
    const second = removeAreasCommand(applyCommand(state, first), [a2])!;
    let history = pushCommand(pushCommand(EMPTY_HISTORY, first), second);

    const undone = takeUndo(history)!;
    expect(undone.group).toEqual([second]);
    history = undone.history;
    expect(canRedo(history)).toBe(true);

    const redone = takeRedo(history)!;
    expect(redone.group).toEqual([second]);
    expect(canRedo(redone.history)).toBe(false);

    const third = updateAreasCommand(state, [a2], { label: 'x' })!;
    history = pushCommand(history, third);
    expect(canRedo(history)).toBe(false);
    expect(history.undo.map((group) => group[0])).toEqual([first, third]);
  });

  it('groups consecutive mergeable commands of the same name and targets', () => {
    const { state, a1, a2 } = setup();
    const colours = ['#111111', '#222222', '#333333'].map((color) => updateAreasCommand(state, [a1], { color })!);
    let history = colours.reduce(pushCommand, EMPTY_HISTORY);
    expect(history.undo).toHaveLength(1);
    expect(history.undo[0]).toHaveLength(3);

    // Another area, another kind of change, or a non-mergeable command each start a new step.
    history = pushCommand(history, updateAreasCommand(state, [a2], { color: '#444444' })!);
    history = pushCommand(history, updateAreasCommand(state, [a2], { label: 'renamed' })!);
    history = pushCommand(history, removeAreasCommand(state, [a2])!);
    history = pushCommand(history, removeAreasCommand(state, [a2])!);
    expect(history.undo.map((group) => group.length)).toEqual([3, 1, 1, 1, 1]);
  });

  it('is empty at first and forgets commands that were rolled back', () => {
    const { state, a1, a2 } = setup();
    expect(canUndo(EMPTY_HISTORY)).toBe(false);
    expect(takeUndo(EMPTY_HISTORY)).toBeNull();
    expect(takeRedo(EMPTY_HISTORY)).toBeNull();
    const kept: EditorCommand = removeAreasCommand(state, [a1])!;
    const refused: EditorCommand = removeAreasCommand(state, [a2])!;
    const history = forgetCommands(pushCommand(pushCommand(EMPTY_HISTORY, kept), refused), new Set([refused]));
    expect(history.undo).toEqual([[kept]]);
  });
});
