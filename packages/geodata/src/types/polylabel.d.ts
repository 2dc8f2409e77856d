// polylabel ships no type declarations.
declare module 'polylabel' {
  /** The pole of inaccessibility of a polygon (rings of [x, y]), found to within `precision`. */
  export default function polylabel(polygon: number[][][], precision?: number, debug?: boolean): [number, number] & { distance: number };
}
