/** The external engines an operator may use instead of ours, by name (ROUTING_PROVIDER in the API's configuration). */
import { graphhopperProvider } from './graphhopper.provider.js';
import type { ExternalProviderOptions, IsochroneProvider } from './isochrone-provider.js';
import { openrouteserviceProvider } from './openrouteservice.provider.js';
import { valhallaProvider } from './valhalla.provider.js';

export const EXTERNAL_PROVIDERS = {
  valhalla: valhallaProvider,
  openrouteservice: openrouteserviceProvider,
  graphhopper: graphhopperProvider,
} as const satisfies Record<string, (options: ExternalProviderOptions) => IsochroneProvider>;

export type ExternalProviderName = keyof typeof EXTERNAL_PROVIDERS;

export function isExternalProviderName(name: string): name is ExternalProviderName {
  return Object.hasOwn(EXTERNAL_PROVIDERS, name);
}
