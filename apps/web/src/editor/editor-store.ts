/**
 * The editor's store: one place where commands are applied, recorded for undo/redo and saved.
 * A server map saves every command through the sync queue; a visitor's map is kept in the browser.
 * React reads it with useSyncExternalStore (editor-context.tsx); tests drive it directly.
 */
import type { Area, MapDocument } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { applyCommand, commandAreaCount, commandName, invertCommand, recordsHistory, type CommandName, type EditorCommand } from './commands.js';
import { rebaseCommands } from './conflict-rebase.js';
import { areaCount, stateFromDocument, type EditorState } from './editor-state.js';
import { canRedo, canUndo, EMPTY_HISTORY, forgetCommands, pushCommand, takeRedo, takeUndo, type History } from './history.js';
import { SyncQueue, type SaveStatus, type SendCall, type SyncFailure, type SyncJob } from './sync.js';
import { commandToRequests, type ApiCall } from './to-requests.js';

/** The last undoable action, for the undo toast; `id` changes with every action. */
export interface DoneAction { id: number; name: CommandName; count: number }

export interface SaveError {
  id: number;
  error: unknown;
  /** The change was taken back here (the server kept nothing of it): the map is as saved. */
  rolledBack: boolean;
}

/** A change refused for the plan's areas-per-map limit, here before saving or by the server; `id` changes each time. */
export interface LimitRefusal { id: number; maxAreas: number; areasInMap: number }

/** The API's code for the plan's areas-per-map limit (its details carry maxAreas). */
const AREA_LIMIT_REACHED = 'AREA_LIMIT_REACHED';

export interface EditorSnapshot {
  state: EditorState;
  history: History;
  saveStatus: SaveStatus;
  lastAction: DoneAction | null;
  saveError: SaveError | null;
  limitRefusal: LimitRefusal | null;
  /** Changes (a new id) each time a command gives an empty map its first area: the free plan's notice (SPEC §2). */
  firstAreaAdded: number | null;
  /** Changes (a new id) each time changes of the user's could not be put on top of the map someone else changed (409). */
  changesLost: number | null;
}

/** How a saved job came about: a new command can be rolled back alone, undo/redo steps cannot. */
interface JobTag { mode: 'do' | 'undo' | 'redo'; commands: EditorCommand[] }

export interface EditorStoreOptions {
  initial: EditorState;
  canEdit: boolean;
  /**
   * The server map to save to; null keeps the map local (visitor). With `fetchLatest`, a save
   * refused for a stale version (409) is put on top of the server's map and sent again.
   */
  server: { mapId: string; version: number; send: SendCall; fetchLatest?(): Promise<MapDocument> } | null;
  /** The map changed elsewhere and could not be reconciled, or the local copy can no longer be trusted: reload it. */
  onConflict(): void;
  /** Called with every new state of a local map (visitor storage). */
  persistLocal?(state: EditorState): void;
  /** The areas a map may hold on the user's plan (null: unlimited); setAreaLimit() changes it. */
  maxAreas?: number | null;
}

export class EditorStore {
  private snapshot: EditorSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly queue: SyncQueue<JobTag> | null;
  private actionCounter = 0;
  private maxAreas: number | null;

  constructor(private readonly options: EditorStoreOptions) {
    this.snapshot = { state: options.initial, history: EMPTY_HISTORY, saveStatus: 'idle', lastAction: null, saveError: null, limitRefusal: null, firstAreaAdded: null, changesLost: null };
    this.maxAreas = options.maxAreas ?? null;
    const server = options.server;
    this.queue = server
      ? new SyncQueue<JobTag>(server.version, server.send, {
        onStatus: (saveStatus) => this.update({ saveStatus }),
        onResponse: (call, body) => this.acceptServerAreas(call, body),
        onConflict: (failure) => void this.reconcile(failure),
        onError: (failure) => this.handleSaveError(failure),
      })
      : null;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): EditorSnapshot => this.snapshot;

  get canEdit(): boolean {
    return this.options.canEdit;
  }

  /** The map version the next save is based on (null for a local map). */
  get version(): number | null {
    return this.queue?.version ?? null;
  }

  get canUndo(): boolean {
    return this.options.canEdit && canUndo(this.snapshot.history);
  }

  get canRedo(): boolean {
    return this.options.canEdit && canRedo(this.snapshot.history);
  }

  /** The user's plan is known or changed (log-in): its areas-per-map limit. */
  setAreaLimit(maxAreas: number | null): void {
    this.maxAreas = maxAreas;
  }

  /**
   * Applies a command, records it and saves it. A command that would take the map past the plan's
   * areas-per-map limit is not applied: the limit popup says why (limitRefusal). Returns whether
   * the command was applied.
   */
  dispatch(command: EditorCommand): boolean {
    if (!this.options.canEdit) return false;
    const before = this.snapshot.state;
    const state = applyCommand(before, command);
    if (state === before) return false;
    const areasAfter = areaCount(state);
    if (this.maxAreas !== null && areasAfter > this.maxAreas && areasAfter > areaCount(before)) {
      this.refuseForLimit(this.maxAreas, areaCount(before));
      return false;
    }
    const recorded = recordsHistory(command);
    const firstArea = areaCount(before) === 0 && areasAfter > 0;
    this.update({
      state,
      history: recorded ? pushCommand(this.snapshot.history, command) : this.snapshot.history,
      lastAction: recorded ? this.nextAction(command) : this.snapshot.lastAction,
      ...(firstArea ? { firstAreaAdded: ++this.actionCounter } : {}),
    });
    this.save(before, [command], 'do');
    return true;
  }

  undo(): void {
    const taken = this.options.canEdit ? takeUndo(this.snapshot.history) : null;
    if (!taken) return;
    const inverses = [...taken.group].reverse().map(invertCommand);
    this.replay(inverses, taken.history, 'undo');
  }

  redo(): void {
    const taken = this.options.canEdit ? takeRedo(this.snapshot.history) : null;
    if (!taken) return;
    this.replay(taken.group, taken.history, 'redo');
  }

  select(uuids: string[]): void {
    const unique = [...new Set(uuids)];
    const current = this.snapshot.state.selected;
    if (unique.length === current.length && unique.every((uuid, index) => current[index] === uuid)) return;
    this.update({ state: { ...this.snapshot.state, selected: unique } });
  }

  clearHistory(): void {
    if (this.snapshot.history !== EMPTY_HISTORY) this.update({ history: EMPTY_HISTORY, lastAction: null });
  }

  /** The undo toast was dismissed or timed out. */
  dismissAction(): void {
    if (this.snapshot.lastAction) this.update({ lastAction: null });
  }

  dismissSaveError(): void {
    if (this.snapshot.saveError) this.update({ saveError: null });
  }

  /** The limit popup was closed. */
  dismissLimitRefusal(): void {
    if (this.snapshot.limitRefusal) this.update({ limitRefusal: null });
  }

  private refuseForLimit(maxAreas: number, areasInMap: number): void {
    this.actionCounter += 1;
    this.update({ limitRefusal: { id: this.actionCounter, maxAreas, areasInMap } });
  }

  /** Stops saving (the map is closed or reloaded); calls in flight are ignored. */
  dispose(): void {
    this.queue?.dispose();
  }

  /** Saves again after dispose() (React may unmount and remount the same provider). */
  resume(): void {
    this.queue?.resume();
  }

  /** Whether saves are waiting or in flight. */
  get saving(): boolean {
    return this.queue?.busy ?? false;
  }

  private replay(commands: EditorCommand[], history: History, mode: 'undo' | 'redo'): void {
    const before = this.snapshot.state;
    const state = commands.reduce(applyCommand, before);
    this.update({ state, history, lastAction: null });
    this.save(before, commands, mode);
  }

  private save(before: EditorState, commands: EditorCommand[], mode: JobTag['mode']): void {
    if (!this.queue) {
      this.options.persistLocal?.(this.snapshot.state);
      return;
    }
    const calls: ApiCall[] = [];
    let state = before;
    for (const command of commands) {
      calls.push(...commandToRequests(this.options.server!.mapId, command, state));
      state = applyCommand(state, command);
    }
    this.queue.enqueue({ calls, tag: { mode, commands } });
  }

  private nextAction(command: EditorCommand): DoneAction {
    this.actionCounter += 1;
    return { id: this.actionCounter, name: commandName(command), count: commandAreaCount(command) };
  }

  /**
   * Areas come back from the server with its geometry (its circle, its travel-time area), hash and
   * dates: keep those. Posted areas are taken whole. A changed area takes the server's geometry
   * only while it still has the one that was sent: an edit made since, not saved yet, wins.
   */
  private acceptServerAreas(call: ApiCall, body: unknown): void {
    if ((call.method !== 'POST' && call.method !== 'PATCH') || !call.path.endsWith('/areas/bulk')) return;
    const areas = (body as { areas?: Area[] } | undefined)?.areas;
    if (!Array.isArray(areas) || areas.length === 0) return;
    const byUuid = new Map(areas.map((area) => [area.uuid, area]));
    const sentGeometries = new Map(((call.body?.areas ?? []) as { uuid: string; geometry?: unknown }[])
      .filter((sent) => sent.geometry !== undefined).map((sent) => [sent.uuid, sent.geometry]));
    const accept = (area: Area): Area => {
      const server = byUuid.get(area.uuid);
      if (!server) return area;
      if (call.method === 'POST') return server;
      if (sentGeometries.get(area.uuid) !== area.geometry) return area;
      return { ...area, geometry: server.geometry, hash: server.hash, updatedAt: server.updatedAt };
    };
    const { state } = this.snapshot;
    const folders = state.folders.map((folder) => (folder.areas.some((area) => byUuid.has(area.uuid))
      ? { ...folder, areas: folder.areas.map(accept) }
      : folder));
    this.update({ state: { ...state, folders } });
  }

  /**
   * A save was refused because someone else changed the map (409): the pending changes (the refused
   * one and those queued after it) are put on top of the server's map as it is now and saved again;
   * those that no longer apply (their area or layer was deleted) are dropped from the map and the
   * history, and the user is told (changesLost). Without a way to fetch the map, it is reloaded.
   */
  private async reconcile(failure: SyncFailure<JobTag>): Promise<void> {
    const server = this.options.server;
    let fresh: MapDocument;
    try {
      if (!server?.fetchLatest) throw new Error('the map cannot be fetched again');
      fresh = await server.fetchLatest();
    } catch {
      this.options.onConflict();
      return;
    }
    this.queue!.restart(fresh.version, (held) => {
      const jobs = [failure.job, ...failure.dropped, ...held];
      const modes = new Map(jobs.flatMap((job) => job.tag.commands.map((command) => [command, job.tag.mode] as const)));
      const base = stateFromDocument(fresh);
      const { state, kept, lost } = rebaseCommands(base, jobs.flatMap((job) => job.tag.commands), this.snapshot.state.selected);
      let before = base;
      const rebuilt = kept.map(({ original, command }) => {
        const calls = commandToRequests(server!.mapId, command, before);
        before = applyCommand(before, command);
        return { calls, tag: { mode: modes.get(original) ?? 'do', commands: [command] } };
      });
      this.update({
        state,
        // The undo toast of a lost change would undo something else: it goes with the change.
        ...(lost.length > 0 ? { history: forgetCommands(this.snapshot.history, new Set(lost)), lastAction: null, changesLost: ++this.actionCounter } : {}),
      });
      return rebuilt;
    });
  }

  /** The changes-lost notice was shown. */
  dismissChangesLost(): void {
    if (this.snapshot.changesLost !== null) this.update({ changesLost: null });
  }

  /**
   * A save failed (not a conflict). When the server kept nothing of the failed change and only new
   * commands were waiting, they are rolled back here and forgotten by the history; otherwise the
   * local copy may differ from the server's in ways we cannot tell, so the map is reloaded. A
   * refusal (4xx) rolled back leaves the map as saved, so the indicator says Saved again; the
   * plan's area limit opens the limit popup instead of an error.
   */
  private handleSaveError(failure: SyncFailure<JobTag>): void {
    const jobs: SyncJob<JobTag>[] = [failure.job, ...failure.dropped];
    const canRollBack = failure.failedCallIndex === 0 && jobs.every((job) => job.tag.mode === 'do');
    this.actionCounter += 1;
    const limit = limitOf(failure.error);
    if (limit === null || !canRollBack) this.update({ saveError: { id: this.actionCounter, error: failure.error, rolledBack: canRollBack } });
    if (!canRollBack) {
      this.options.onConflict();
      return;
    }
    const undone = jobs.flatMap((job) => job.tag.commands);
    const inverses = [...undone].reverse().map(invertCommand);
    const state = inverses.reduce(applyCommand, this.snapshot.state);
    const forgotten = new Set(undone);
    const lastAction = this.snapshot.lastAction;
    const refused = failure.error instanceof ApiError && failure.error.status >= 400 && failure.error.status < 500;
    this.update({
      state,
      history: forgetCommands(this.snapshot.history, forgotten),
      lastAction: lastAction ? null : lastAction,
      ...(refused ? { saveStatus: 'saved' as const } : {}),
    });
    if (limit !== null) this.refuseForLimit(limit, areaCount(state));
  }

  private update(patch: Partial<EditorSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** The limit of an AREA_LIMIT_REACHED refusal; null for any other failure. */
function limitOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== AREA_LIMIT_REACHED) return null;
  const maxAreas = (error.details as { maxAreas?: unknown } | undefined)?.maxAreas;
  return typeof maxAreas === 'number' ? maxAreas : null;
}
