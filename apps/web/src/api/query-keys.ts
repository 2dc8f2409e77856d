/** react-query keys shared by the screens, so that a change in one place refreshes the others. */
import type { ListMapsParams } from './maps.js';

export const queryKeys = {
  session: ['session'] as const,
  config: ['config'] as const,
  mapsLists: ['maps', 'list'] as const,
  mapsList: (params: ListMapsParams) => ['maps', 'list', params] as const,
  /** Every loaded map document, whatever reference (id or accessId) it was loaded by. */
  mapDocuments: ['maps', 'document'] as const,
  map: (id: string) => ['maps', 'document', id] as const,
};
