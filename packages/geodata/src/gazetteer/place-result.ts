/** A gazetteer entry as the place-search API returns it, worded for the reader's language. */
import type { Locale } from '@catchment/domain';
import { placeLabel, type PlaceEntry, type PlaceKind } from './place-entry.js';

export interface PlaceResult {
  id: string;
  label: string;
  /** Where the place is: region or state, then country, in the reader's language. */
  detail: string;
  kind: PlaceKind;
  country: string;
  center: [number, number];
}

const countryNamesByLocale = new Map<Locale, Intl.DisplayNames>();

export function countryName(countryCode: string, locale: Locale): string {
  let names = countryNamesByLocale.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    countryNamesByLocale.set(locale, names);
  }
  try {
    return names.of(countryCode) ?? countryCode;
  } catch {
    return countryCode; // not a well-formed region code
  }
}

export function toPlaceResult(place: PlaceEntry, locale: Locale): PlaceResult {
  return {
    id: place.id,
    label: placeLabel(place),
    detail: [place.context, countryName(place.country, locale)].filter(Boolean).join(', '),
    kind: place.kind,
    country: place.country,
    center: [place.lng, place.lat],
  };
}
