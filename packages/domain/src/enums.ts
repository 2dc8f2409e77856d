/** Enumerations of the product specification (SPEC §3). */

export const AREA_MODES = ['isochrone', 'isodistance', 'polygon', 'administrative'] as const;
export type AreaMode = (typeof AREA_MODES)[number];

/** How a polygon area was produced: drawn by hand, or by combining other areas. */
export const AREA_OPERATIONS = ['manualArea', 'union', 'difference', 'intersection'] as const;
export type AreaOperation = (typeof AREA_OPERATIONS)[number];

/** Transport modes stored on areas; `circle` is geometric, not routed. */
export const TRANSPORT_MODES = ['car', 'bike', 'walk', 'truck', 'transit', 'circle', 'heavy_truck'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

/** The modes computed on the road network (transit needs timetables; circle is plain geometry). */
export const ROUTED_TRANSPORT_MODES = ['car', 'bike', 'walk', 'truck', 'heavy_truck'] as const;
export type RoutedTransportMode = (typeof ROUTED_TRANSPORT_MODES)[number];
export function isRoutedTransportMode(mode: string): mode is RoutedTransportMode {
  return (ROUTED_TRANSPORT_MODES as readonly string[]).includes(mode);
}

export const ADMINISTRATIVE_KINDS = [
  'fr_postcodes', 'fr_cities', 'fr_iris', 'fr_departements',
  'us_zipcodes', 'us_counties', 'us_states',
  'gb_districts', 'gb_sectors', 'gb_units',
  'be_cities',
  'ca_cfsa', 'ca_cities', 'ca_provinces_territories',
  'ww_postcodes', 'ww_cities',
] as const;
export type AdministrativeKind = (typeof ADMINISTRATIVE_KINDS)[number];

export const PLANS = ['default', 'essential_2019', 'plus_2019', 'plus_2021', 'pro_2020', 'advanced_2024'] as const;
export type Plan = (typeof PLANS)[number];

export const COUNTRIES = ['fr', 'us', 'gb', 'be', 'de', 'es', 'at', 'ca', 'ww'] as const;
export type Country = (typeof COUNTRIES)[number];

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

export const MAP_SORTS = ['createdAt', '-createdAt', 'updatedAt', '-updatedAt'] as const;
export type MapSort = (typeof MAP_SORTS)[number];

/** The files a map's areas are exported to (GET /v2/maps/{id}/export): KML 2.2 for Google Earth, GeoJSON for GIS. */
export const MAP_EXPORT_FORMATS = ['kml', 'geojson'] as const;
export type MapExportFormat = (typeof MAP_EXPORT_FORMATS)[number];

/** How a client dataset's rows in an area are summed up (SPEC §3 Measure): rows, or a numeric column's sum or mean. */
export const AGGREGATE_METHODS = ['count', 'sum', 'average'] as const;
export type AggregateMethod = (typeof AGGREGATE_METHODS)[number];

export const DISTANCE_UNITS = ['km', 'mi'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
