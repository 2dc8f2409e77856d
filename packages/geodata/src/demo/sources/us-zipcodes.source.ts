/** US zip codes with the town they serve and its position, from the zipcodes package. */
import type { PlaceEntry } from '../../gazetteer/place-entry.js';
import { loadPackageModule } from '../npm-data-package.js';

interface ZipCode { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }

export function readUsZipCodes(): PlaceEntry[] {
  const { codes } = loadPackageModule<{ codes: Record<string, ZipCode> }>('zipcodes');
  return Object.values(codes)
    .filter((zip) => zip.country === 'US' && Number.isFinite(zip.latitude) && Number.isFinite(zip.longitude))
    .map((zip) => ({
      id: `zipcode:${zip.zip}`, kind: 'zipcode', name: zip.city, code: zip.zip, context: zip.state, country: 'US',
      lng: zip.longitude, lat: zip.latitude, population: 0,
    }));
}
