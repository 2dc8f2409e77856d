/**
 * The import's geocoding through the app's geocoder (apps/api/src/geocoding): a batch of rows'
 * addresses to positions with their precision. A row the geocoder could not find is not placed; a
 * batch whose every row failed because the service did not answer (down, overloaded) stops the
 * import with GEOCODER_UNAVAILABLE rather than leaving a whole file unplaced without saying why.
 */
import { DomainError } from '@catchment/domain';
import type { Geocoder } from '../../geocoding/geocoder.js';
import type { GeocodeAddresses } from './dataset-import.js';

export function geocodeWith(geocoder: Geocoder): GeocodeAddresses {
  return async (addresses, signal) => {
    const results = await geocoder.geocode(addresses, { signal });
    if (results.length > 0 && results.every((result) => result.precision === null && result.failure)) throw new DomainError('geocoderUnavailable');
    return results.map((result) => (result.precision === null ? null : { lng: result.lng, lat: result.lat, precision: result.precision }));
  };
}
