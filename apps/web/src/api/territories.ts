/** Territorial units, census figures and administrative divisions (apps/api/src/territories). */
import type {
  AdministrativeKind, AreaDivisions, AreaGeometry, ComputeMeasuresResponse, Country, DistanceUnit, MapExportFormat, UnitKindSummary, UnitSummary,
} from '@catchment/domain';
import { apiDownload, apiRequest } from './client.js';

/** The kinds loaded, and the data version their tiles are built from (it names the tile URLs). */
export const fetchUnitKinds = () => apiRequest<{ version: number; kinds: UnitKindSummary[] }>('GET', '/v2/units/kinds');

export const searchUnits = (kind: AdministrativeKind, query: string, signal?: AbortSignal) =>
  apiRequest<{ units: UnitSummary[] }>('GET', `/v2/units/${kind}/search?q=${encodeURIComponent(query)}&limit=8`, undefined, { signal })
    .then((answer) => answer.units);

export const unitsUnion = (kind: AdministrativeKind, codes: string[], signal?: AbortSignal) =>
  apiRequest<{ geometry: AreaGeometry }>('POST', `/v2/units/${kind}/union`, { codes }, { signal }).then((answer) => answer.geometry);

export const countryAt = ([lng, lat]: [number, number]) =>
  apiRequest<{ country: Country }>('GET', `/v2/units/country-at?lng=${lng}&lat=${lat}`).then((answer) => answer.country);

/**
 * Tile URL template of a kind's outlines, absolute as MapLibre needs it. The data version in it
 * lets the browser keep tiles for good: an import changes the version, hence the URLs.
 */
export const unitTilesUrl = (kind: AdministrativeKind, version: number) => `${window.location.origin}/api/v2/units/${kind}/tiles/{z}/{x}/{y}.pbf?v=${version}`;

/** `country`: the data country the user chose in the analysis panel; null for each area's own. */
export const computeMeasures = (mapId: string, areaIds: string[], country: Country | null, signal?: AbortSignal) =>
  apiRequest<ComputeMeasuresResponse>('POST', `/v2/maps/${mapId}/measures/compute`, { areaIds, ...(country ? { country } : {}) }, { signal });

export const fetchDivisions = (mapId: string, areaId: string, country: Country | null, signal?: AbortSignal) =>
  apiRequest<AreaDivisions>('GET', `/v2/maps/${mapId}/areas/${areaId}/divisions${country ? `?country=${country}` : ''}`, undefined, { signal });

export const downloadDivisions = (mapId: string, areaIds: string[], country: Country | null) =>
  apiDownload('POST', `/v2/maps/${mapId}/xlsxreport/divisions`, { areaIds, ...(country ? { country } : {}) });

/** The census figures of the areas as an XLSX file: the values computeMeasures gives. */
export const downloadCensus = (mapId: string, areaIds: string[], country: Country | null) =>
  apiDownload('POST', `/v2/maps/${mapId}/xlsxreport/census`, { areaIds, ...(country ? { country } : {}) });

/** The areas side by side in one XLSX file (the multi-area export): the values computeMeasures gives; `unit` for their recipes. */
export const downloadComparison = (mapId: string, areaIds: string[], country: Country | null, unit: DistanceUnit) =>
  apiDownload('POST', `/v2/maps/${mapId}/xlsxreport/comparison`, { areaIds, unit, ...(country ? { country } : {}) });

/** The IRIS the areas cover, one row each with its census figures (refused above IRIS_DETAIL_EXPORT_MAX_UNITS rows). */
export const downloadIrisDetail = (mapId: string, areaIds: string[]) => apiDownload('POST', `/v2/maps/${mapId}/xlsxreport/iris`, { areaIds });

/** The boundaries of the units of a kind the area covers, as GeoJSON or KML. */
export const downloadBoundaries = (mapId: string, areaId: string, kind: AdministrativeKind, format: MapExportFormat, country: Country | null) =>
  apiDownload('GET', `/v2/maps/${mapId}/areas/${areaId}/boundaries?kind=${kind}&format=${format}${country ? `&country=${country}` : ''}`);
