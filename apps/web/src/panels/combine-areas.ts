/**
 * Merge, Subtract and Intersect (SPEC §2 edit panel): a new polygon area made from the selected
 * areas, with union (ground covered by any), difference (the first selected minus the others) or
 * intersection (ground covered by all: "within 20 minutes of both stores") from the domain's
 * geometry operations; the result's census figures come from its own outline, so each person in it
 * counts once. The new area sits just after the first selected area; the sources are hidden in the
 * same step, so the result shows alone and one undo restores everything. The result gets a colour
 * of its own (result-color.ts).
 */
import { differenceGeometries, intersectionGeometries, LABEL_MAX_LENGTH, unionGeometries, type Area, type AreaGeometry } from '@catchment/domain';
import { newArea } from '../editor/command-builders.js';
import type { EditorCommand } from '../editor/commands.js';
import { allAreas, areaCount, locateArea, selectedAreas, type EditorState } from '../editor/editor-state.js';
import { resultColor } from './result-color.js';

export type CombineOperation = 'union' | 'difference' | 'intersection';

const JOINS: Record<CombineOperation, string> = { union: ' + ', difference: ' − ', intersection: ' ∩ ' };
const COMMAND_NAMES = { union: 'mergeAreas', difference: 'subtractAreas', intersection: 'intersectAreas' } as const;

export type CombineResult =
  | { ok: true; command: EditorCommand; area: Area }
  | { ok: false; reason: 'errors.emptyResult' | 'layers.intersectEmpty' | 'notEnoughAreas' };

function combinedGeometry(operation: CombineOperation, first: AreaGeometry, others: AreaGeometry[]): AreaGeometry | null {
  switch (operation) {
    case 'union': return unionGeometries([first, ...others]);
    case 'difference': return differenceGeometries(first, others);
    case 'intersection': return intersectionGeometries([first, ...others]);
  }
}

function combinedLabel(operation: CombineOperation, sources: Area[]): string {
  const label = sources.map((area) => area.label).join(JOINS[operation]);
  return label.length <= LABEL_MAX_LENGTH ? label : `${label.slice(0, LABEL_MAX_LENGTH - 1)}…`;
}

export function combineSelected(state: EditorState, operation: CombineOperation): CombineResult {
  const sources = selectedAreas(state);
  const [first, ...others] = sources;
  if (!first || others.length === 0) return { ok: false, reason: 'notEnoughAreas' };
  const geometry = combinedGeometry(operation, first.geometry, others.map((area) => area.geometry));
  if (!geometry) return { ok: false, reason: operation === 'intersection' ? 'layers.intersectEmpty' : 'errors.emptyResult' };

  const location = locateArea(state, first.uuid)!;
  const area = newArea({
    label: combinedLabel(operation, sources),
    isoMode: 'polygon',
    operation,
    geometry,
    // Its own colour: the result must not pass for one of its sources.
    color: resultColor(sources.map((source) => source.color), allAreas(state).map((item) => item.color), areaCount(state)),
  }, areaCount(state));
  const hideSources = sources.filter((source) => !source.hide).map((source) => ({ uuid: source.uuid, before: { hide: false }, after: { hide: true } }));
  const commands: EditorCommand[] = [{ type: 'addAreas', entries: [{ folderUuid: location.folder.uuid, index: location.index + 1, area }] }];
  if (hideSources.length > 0) commands.push({ type: 'updateAreas', changes: hideSources });
  return { ok: true, command: { type: 'batch', name: COMMAND_NAMES[operation], commands }, area };
}
