/** Maps and areas for the export tests, built as GET /v2/maps/{id} answers them. */
import type { Area, Folder, MapDocument } from '@catchment/domain';

let counter = 0;

export function testArea(fields: Partial<Area> = {}): Area {
  counter += 1;
  return {
    uuid: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    label: `Area ${counter}`,
    color: '#3b82f6',
    hide: false,
    isoMode: 'polygon',
    transportMode: null,
    operation: null,
    distance: null,
    duration: null,
    departureDate: null,
    startAddress: null,
    startPoint: null,
    startPoints: null,
    direction: 'departure',
    unitKind: null,
    unitCodes: null,
    geometry: { type: 'Polygon', coordinates: [[[7, 43], [7.1, 43], [7.1, 43.1], [7, 43.1], [7, 43]]] },
    hash: 'hash',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function testFolder(label: string, areas: Area[], fields: Partial<Folder> = {}): Folder {
  counter += 1;
  return { uuid: `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`, label, closed: false, active: false, areas, ...fields };
}

export function testMap(title: string, folders: Folder[]): MapDocument {
  return {
    id: 1, accessId: 'abcdefgh', title, public: false, version: 1, areaCount: folders.reduce((sum, folder) => sum + folder.areas.length, 0),
    createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', selectedUuid: null, canEdit: true, folders,
  };
}
