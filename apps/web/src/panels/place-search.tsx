/**
 * Place search for a starting point (GET /api/geocode/search), with 'Address not found...' when
 * the search finds nothing; and the reverse lookup that names a point picked on the map.
 */
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client.js';
import { SearchCombobox } from './search-combobox.js';

export interface Place {
  id: string;
  label: string;
  detail: string;
  kind: string;
  country: string;
  center: [number, number];
  bbox?: [number, number, number, number];
}

const SUGGESTION_LIMIT = 8;

function searchPlaces(query: string, signal: AbortSignal): Promise<Place[]> {
  const params = new URLSearchParams({ q: query, limit: String(SUGGESTION_LIMIT) });
  return apiRequest<{ results: Place[] }>('GET', `/geocode/search?${params.toString()}`, undefined, { signal }).then((body) => body.results);
}

/** The town nearest a point (GET /api/v2/geocode/reverse): null when none is near. */
export interface NearestPlace { place: Place | null; distanceMeters: number | null }

export function nearestPlace([lng, lat]: [number, number], signal?: AbortSignal): Promise<NearestPlace> {
  const params = new URLSearchParams({ lng: String(lng), lat: String(lat) });
  return apiRequest<NearestPlace>('GET', `/v2/geocode/reverse?${params.toString()}`, undefined, signal ? { signal } : {});
}

interface PlaceSearchProps {
  onChoose(place: Place): void;
  disabled?: boolean;
  autoFocus?: boolean | undefined;
}

export function PlaceSearch({ onChoose, disabled, autoFocus }: PlaceSearchProps) {
  const { t } = useTranslation();
  return (
    <SearchCombobox<Place>
      queryKey={['geocode']}
      search={searchPlaces}
      describe={(place) => ({ key: place.id, label: place.label, detail: place.detail })}
      onChoose={onChoose}
      label={t('createArea.place')}
      placeholder={t('createArea.placePlaceholder')}
      notFound={t('errors.addressNotFound')}
      disabled={disabled}
      autoFocus={autoFocus}
      testIds={{ input: 'place-search-input', list: 'place-suggestions', option: 'place-suggestion', notFound: 'address-not-found' }}
    />
  );
}
