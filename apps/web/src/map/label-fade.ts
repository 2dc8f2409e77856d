/**
 * How long the map's labels take to fade in: MapLibre's 300 ms, or none for a user whose system asks
 * for reduced motion (MapLibre already skips its camera flights for them). Each fade redraws the
 * whole map for its duration, which on a machine drawing in software is most of a move's cost.
 */
export const LABEL_FADE_MS = 300;

type MatchMedia = (query: string) => { matches: boolean };

export function labelFadeMs(matchMedia: MatchMedia | undefined = globalThis.matchMedia?.bind(globalThis)): number {
  return matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 0 : LABEL_FADE_MS;
}
