/**
 * Place search for a starting point (GET /api/geocode/search): suggestions as the user types,
 * chosen with the mouse or the keyboard (arrows, Enter, Escape); 'Address not found...' when the
 * search finds nothing.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client.js';
import { useDebouncedValue } from '../app/use-debounced-value.js';

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
const TYPING_PAUSE_MS = 250;

function searchPlaces(query: string, signal: AbortSignal): Promise<Place[]> {
  const params = new URLSearchParams({ q: query, limit: String(SUGGESTION_LIMIT) });
  return apiRequest<{ results: Place[] }>('GET', `/geocode/search?${params.toString()}`, undefined, { signal }).then((body) => body.results);
}

interface PlaceSearchProps {
  onChoose(place: Place): void;
  disabled?: boolean;
}

export function PlaceSearch({ onChoose, disabled }: PlaceSearchProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(0);
  const query = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const search = useQuery({
    queryKey: ['geocode', query],
    queryFn: ({ signal }) => searchPlaces(query, signal),
    enabled: query.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  const results = query.length > 0 ? search.data ?? [] : [];
  const settled = query === text.trim() && !search.isFetching;
  const notFound = open && query.length > 0 && settled && search.isSuccess && results.length === 0;
  const listOpen = open && results.length > 0 && text.trim().length > 0;

  const choose = (place: Place) => {
    setText(place.label);
    setOpen(false);
    onChoose(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((current) => (current + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      const place = results[highlighted];
      if (listOpen && place) {
        event.preventDefault();
        choose(place);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="place-search">
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-label={t('createArea.place')}
        aria-expanded={listOpen}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={listOpen ? `${id}-option-${highlighted}` : undefined}
        placeholder={t('createArea.placePlaceholder')}
        autoComplete="off"
        value={text}
        disabled={disabled}
        data-testid="place-search-input"
        onChange={(event) => { setText(event.target.value); setOpen(true); setHighlighted(0); }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      {listOpen && (
        <ul className="place-suggestions" id={`${id}-list`} role="listbox" aria-label={t('createArea.suggestions')} data-testid="place-suggestions">
          {results.map((place, index) => (
            <li
              key={place.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === highlighted}
              className={index === highlighted ? 'place-suggestion place-suggestion-active' : 'place-suggestion'}
              data-testid="place-suggestion"
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(event) => { event.preventDefault(); choose(place); }}
              onMouseEnter={() => setHighlighted(index)}
            >
              <span className="place-label">{place.label}</span>
              {place.detail && <span className="place-detail">{place.detail}</span>}
            </li>
          ))}
        </ul>
      )}
      {open && text.trim().length > 0 && !settled && results.length === 0 && <p className="panel-note" role="status">{t('createArea.searching')}</p>}
      {notFound && <p className="field-error" role="alert" data-testid="address-not-found">{t('errors.addressNotFound')}</p>}
    </div>
  );
}
