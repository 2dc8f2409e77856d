/**
 * A search box with suggestions as the user types, chosen with the mouse or the keyboard (arrows,
 * Enter, Escape), and a message when the search finds nothing. The place search and the
 * administrative mode's territory search are two uses of it.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../app/use-debounced-value.js';

const TYPING_PAUSE_MS = 250;

export interface Suggestion { key: string; label: string; detail?: string | undefined }

export interface SearchComboboxProps<T> {
  /** react-query key prefix of the search (the query text is appended). */
  queryKey: readonly unknown[];
  search(query: string, signal: AbortSignal): Promise<T[]>;
  describe(item: T): Suggestion;
  onChoose(item: T): void;
  label: string;
  placeholder: string;
  notFound: string;
  /** Empties the box once an item is chosen (adding several in a row) rather than showing its label. */
  clearOnChoose?: boolean;
  disabled?: boolean | undefined;
  /** Focused when it appears. */
  autoFocus?: boolean | undefined;
  /**
   * Enter on typed text that no suggestion is highlighted for: takes the text as it is (a name, a
   * tag) and returns whether it did (the box is then emptied). With it, Enter never reaches the
   * form while the box has text; an empty box lets it through (the form's Enter).
   */
  onEnterText?(text: string): boolean;
  testIds: { input: string; list: string; option: string; notFound: string };
}

export function SearchCombobox<T>(props: SearchComboboxProps<T>) {
  const { search, describe, onChoose, testIds } = props;
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(0);
  const query = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const results = useQuery({
    queryKey: [...props.queryKey, query],
    queryFn: ({ signal }) => search(query, signal),
    enabled: query.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  const items = query.length > 0 ? results.data ?? [] : [];
  const settled = query === text.trim() && !results.isFetching;
  const notFound = open && query.length > 0 && settled && results.isSuccess && items.length === 0;
  const listOpen = open && items.length > 0 && text.trim().length > 0;

  const choose = (item: T) => {
    setText(props.clearOnChoose ? '' : describe(item).label);
    setOpen(false);
    onChoose(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((current) => (current + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      const item = items[highlighted];
      if (listOpen && item) {
        event.preventDefault();
        choose(item);
      } else if (props.onEnterText && text.trim()) {
        event.preventDefault();
        if (props.onEnterText(text.trim())) {
          setText('');
          setOpen(false);
        }
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
        aria-label={props.label}
        aria-expanded={listOpen}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={listOpen ? `${id}-option-${highlighted}` : undefined}
        placeholder={props.placeholder}
        title={text ? undefined : props.placeholder}
        autoComplete="off"
        value={text}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        data-testid={testIds.input}
        onChange={(event) => { setText(event.target.value); setOpen(true); setHighlighted(0); }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      {listOpen && (
        <ul className="place-suggestions" id={`${id}-list`} role="listbox" aria-label={props.label} data-testid={testIds.list}>
          {items.map((item, index) => {
            const { key, label, detail } = describe(item);
            return (
              <li
                key={key}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === highlighted}
                className={index === highlighted ? 'place-suggestion place-suggestion-active' : 'place-suggestion'}
                data-testid={testIds.option}
                // Chosen on mouse down, before the input's blur closes the list.
                onMouseDown={(event) => { event.preventDefault(); choose(item); }}
                onMouseEnter={() => setHighlighted(index)}
              >
                <span className="place-label" title={label}>{label}</span>
                {detail && <span className="place-detail" title={detail}>{detail}</span>}
              </li>
            );
          })}
        </ul>
      )}
      {open && text.trim().length > 0 && !settled && items.length === 0 && <p className="panel-note" role="status">{t('createArea.searching')}</p>}
      {notFound && <p className="field-error" role="alert" data-testid={testIds.notFound}>{props.notFound}</p>}
    </div>
  );
}
