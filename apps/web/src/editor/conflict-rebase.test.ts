import { describe, expect, it } from 'vitest';
import { addAreasCommand, addFolderCommand, moveAreaCommand, removeAreasCommand, updateAreasCommand, updateFolderCommand } from './command-builders.js';
import { applyCommand, type EditorCommand } from './commands.js';
import { rebaseCommands } from './conflict-rebase.js';
import type { EditorState } from './editor-state.js';
import { makeArea, makeFolder, makeState, outline, square } from './test-factories.js';

/** The map both users loaded: one layer with two areas. */
function loaded(): EditorState {
  return makeState(makeFolder('Shops', ['north', 'south'], { active: true }));
}

const uuidOf = (state: EditorState, label: string) => state.folders.flatMap((folder) => folder.areas).find((area) => area.label === label)!.uuid;
const labelsOf = (state: EditorState) => state.folders.flatMap((folder) => folder.areas.map((area) => area.label));

describe('rebaseCommands', () => {
  it("keeps the user's rename on top of the other user's new area, and undoing it brings back the name the server has", () => {
    const mine = loaded();
    const rename = updateAreasCommand(mine, [uuidOf(mine, 'north')], { label: 'North 2' })!;
    // Meanwhile the other user renamed the same area and added one.
    let theirs = applyCommand(mine, updateAreasCommand(mine, [uuidOf(mine, 'north')], { label: 'Nord' })!);
    theirs = applyCommand(theirs, addAreasCommand(theirs, [{ label: 'east', isoMode: 'polygon', geometry: square(2, 2) }], 'Layer').command);

    const rebased = rebaseCommands(theirs, [rename]);
    expect(outline(rebased.state)).toEqual(['Shops: North 2,south,east']);
    expect(rebased.lost).toEqual([]);
    expect(rebased.kept).toHaveLength(1);
    expect(rebased.kept[0]!.command).toMatchObject({ type: 'updateAreas', changes: [{ before: { label: 'Nord' }, after: { label: 'North 2' } }] });
  });

  it('loses a change to an area the other user deleted, and keeps the changes that still apply', () => {
    const mine = loaded();
    const recolour = updateAreasCommand(mine, [uuidOf(mine, 'south')], { color: '#ff0000' })!;
    const rename = updateAreasCommand(mine, [uuidOf(mine, 'north')], { label: 'North 2' })!;
    const theirs = applyCommand(mine, removeAreasCommand(mine, [uuidOf(mine, 'south')])!);

    const rebased = rebaseCommands(theirs, [recolour, rename], [uuidOf(mine, 'south'), uuidOf(mine, 'north')]);
    expect(rebased.lost).toEqual([recolour]);
    expect(rebased.kept.map((entry) => entry.original)).toEqual([rename]);
    expect(labelsOf(rebased.state)).toEqual(['North 2']);
    // The deleted area leaves the selection.
    expect(rebased.state.selected).toEqual([uuidOf(mine, 'north')]);
  });

  it('loses areas added to a layer the other user deleted, and a move into it', () => {
    const mine = makeState(makeFolder('Shops', ['north'], { active: true }), makeFolder('Depots'));
    const depots = mine.folders[1]!.uuid;
    const add: EditorCommand = { type: 'addAreas', entries: [{ folderUuid: depots, index: 0, area: makeArea('new') }] };
    const move = moveAreaCommand(mine, uuidOf(mine, 'north'), depots, 0)!;
    const renameLayer = updateFolderCommand(mine, depots, { label: 'Warehouses' })!;
    const theirs: EditorState = { ...mine, folders: [mine.folders[0]!] };

    const rebased = rebaseCommands(theirs, [add, move, renameLayer]);
    expect(rebased.lost).toEqual([add, move, renameLayer]);
    expect(rebased.kept).toEqual([]);
    expect(outline(rebased.state)).toEqual(['Shops: north']);
  });

  it('needs no new save for what the server already has: an area posted before the refused call, an area removed by both, a layer created twice', () => {
    const mine = loaded();
    const { command: add, areas } = addAreasCommand(mine, [{ label: 'west', isoMode: 'polygon', geometry: square(3, 3) }], 'Layer');
    const remove = removeAreasCommand(mine, [uuidOf(mine, 'south')])!;
    const addLayer = addFolderCommand(mine, 'Depots');
    const server = [add, remove, addLayer].reduce(applyCommand, mine);

    const rebased = rebaseCommands(server, [add, remove, addLayer]);
    expect(rebased.kept).toEqual([]);
    expect(rebased.lost).toEqual([]);
    expect(labelsOf(rebased.state)).toEqual(['north', areas[0]!.label]);
  });

  it('keeps a merge (a batch) whole, or loses it whole when one of its areas was deleted', () => {
    const mine = loaded();
    const result = makeArea('merged');
    const merge: EditorCommand = {
      type: 'batch', name: 'mergeAreas', commands: [
        { type: 'addAreas', entries: [{ folderUuid: mine.folders[0]!.uuid, index: 2, area: result }] },
        updateAreasCommand(mine, [uuidOf(mine, 'north'), uuidOf(mine, 'south')], { hide: true })!,
      ],
    };
    expect(rebaseCommands(mine, [merge]).kept).toHaveLength(1);
    const theirs = applyCommand(mine, removeAreasCommand(mine, [uuidOf(mine, 'south')])!);
    const rebased = rebaseCommands(theirs, [merge]);
    expect(rebased.lost).toEqual([merge]);
    expect(labelsOf(rebased.state)).toEqual(['north']);
  });
});
