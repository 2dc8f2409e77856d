// vt-pbf ships no type declarations; only the function the tile cutter uses is declared.
declare module 'vt-pbf' {
  interface GeoJsonVtTile { features: unknown[] }
  const vtpbf: {
    /** Encodes geojson-vt tiles, one per layer name, as one Mapbox Vector Tile. */
    fromGeojsonVt(layers: Record<string, GeoJsonVtTile>, options?: { version?: number; extent?: number }): Uint8Array;
  };
  export default vtpbf;
}
