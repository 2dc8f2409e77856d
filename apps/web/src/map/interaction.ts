/**
 * What the user is doing on the map right now (choosing a point, drawing a polygon, reshaping an
 * area), so MapView can show a hint and, when an outline is refused, the reason (a catalogue key).
 */
export type InteractionMode = 'idle' | 'pickPoint' | 'drawPolygon' | 'editShape';

export interface InteractionState {
  mode: InteractionMode;
  /** Catalogue key of the last refusal (e.g. validation.polygonSelfIntersects), cleared on the next attempt. */
  errorKey: string | null;
  /** Catalogue key of what the user should know before saving (a reshaped circle becomes a polygon). */
  noticeKey?: string | null;
  /** Catalogue key of the hint when it is not the mode's usual one (e.g. checking a point of an area). */
  hintKey?: string | null;
}

export const IDLE: InteractionState = { mode: 'idle', errorKey: null };

type Listener = (state: InteractionState) => void;

/** A tiny observable; MapView subscribes with useSyncExternalStore. */
export class InteractionStore {
  private state: InteractionState = IDLE;
  private readonly listeners = new Set<Listener>();

  get = (): InteractionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(state: InteractionState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}
