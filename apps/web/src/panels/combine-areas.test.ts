import { describe, expect, it } from 'vitest';
import area from '@turf/area';
import { applyCommand, invertCommand } from '../editor/commands.js';
import { findArea } from '../editor/editor-state.js';
import { makeArea, makeFolder, makeState, outline, square } from '../editor/test-factories.js';
import { combineSelected } from './combine-areas.js';

function twoSquares(offset: number) {
  const folder = makeFolder('A', [], { active: true });
  folder.areas = [makeArea('left', { geometry: square(0, 0, 1) }), makeArea('right', { geometry: square(offset, 0, 1) })];
  const state = makeState(folder);
  return { ...state, selected: folder.areas.map((item) => item.uuid) };
}

describe('combineSelected', () => {
  it('merges the selected areas into a new polygon area after the first, hiding the sources', () => {
    const state = twoSquares(0.5);
    const result = combineSelected(state, 'union');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.area).toMatchObject({ isoMode: 'polygon', operation: 'union', label: 'left + right', geometry: { type: 'Polygon' } });
    expect(area(result.area.geometry) / area(square(0, 0, 1))).toBeCloseTo(1.5, 2);

    const after = applyCommand(state, result.command);
    expect(outline(after)).toEqual(['A: left,left + right,right']);
    expect(after.folders[0]!.areas.map((item) => item.hide)).toEqual([true, false, true]);
    // A colour of its own, not a source's.
    expect(state.folders[0]!.areas.map((item) => item.color)).not.toContain(result.area.color);
    // One undo restores the map as it was.
    expect(applyCommand(after, invertCommand(result.command))).toEqual(state);
  });

  it('subtracts the others from the first selected area', () => {
    const state = twoSquares(0.5);
    const result = combineSelected(state, 'difference');
    if (!result.ok) throw new Error(result.reason);
    expect(result.area.operation).toBe('difference');
    expect(area(result.area.geometry) / area(square(0, 0, 1))).toBeCloseTo(0.5, 2);
    expect(findArea(applyCommand(state, result.command), result.area.uuid)?.label).toBe('left − right');
  });

  it('intersects: a new area of the ground every selected area covers, after the first, the sources hidden', () => {
    const state = twoSquares(0.5);
    const result = combineSelected(state, 'intersection');
    if (!result.ok) throw new Error(result.reason);
    expect(result.area).toMatchObject({ isoMode: 'polygon', operation: 'intersection', label: 'left ∩ right', geometry: { type: 'Polygon' } });
    expect(area(result.area.geometry) / area(square(0, 0, 1))).toBeCloseTo(0.5, 2);
    expect(result.command).toMatchObject({ type: 'batch', name: 'intersectAreas' });
    const after = applyCommand(state, result.command);
    expect(outline(after)).toEqual(['A: left,left ∩ right,right']);
    expect(after.folders[0]!.areas.map((item) => item.hide)).toEqual([true, false, true]);
    expect(applyCommand(after, invertCommand(result.command))).toEqual(state);
  });

  it('refuses an intersection of areas that share no ground with its own reason, creating nothing', () => {
    expect(combineSelected(twoSquares(3), 'intersection')).toEqual({ ok: false, reason: 'layers.intersectEmpty' });
  });

  it('refuses an empty result and a single selected area', () => {
    const covered = twoSquares(0);
    expect(combineSelected(covered, 'difference')).toEqual({ ok: false, reason: 'errors.emptyResult' });
    expect(combineSelected({ ...covered, selected: covered.selected.slice(0, 1) }, 'union')).toEqual({ ok: false, reason: 'notEnoughAreas' });
  });
});
