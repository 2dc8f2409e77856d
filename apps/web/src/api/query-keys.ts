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
  mapMembers: (mapId: number) => ['maps', 'members', mapId] as const,
  /** Everything billing: a change of the subscription refreshes all of it. */
  billing: ['billing'] as const,
  subscription: (clientId: number) => ['billing', 'subscription', clientId] as const,
  /** The plans on sale: their currency follows the language until the user subscribes. */
  products: (clientId: number, locale: string) => ['billing', 'products', clientId, locale] as const,
  /** The price of one more user, in the same currency as the plans. */
  additionalUser: (clientId: number, locale: string) => ['billing', 'additional-user', clientId, locale] as const,
  /** The account's app keys and this month's calls of each. */
  appKeys: (clientId: number) => ['app-keys', clientId] as const,
  /** Whether the NPS survey is to be shown to the account. */
  nps: (clientId: number) => ['nps', clientId] as const,
};
