/**
 * The business search editor (SPEC §2): the catalogue searched (the area's country's by default),
 * categories of the tree in the user's language (and raw OpenStreetMap tags `key=value` on an OSM
 * catalogue, NAF activities on SIRENE's), names, and for SIRENE NAF codes or whole sectors and
 * headcount bands; a name and a colour. While it is edited, the count in the selected area is
 * asked again once the user pauses. Enter saves, Escape closes. A visitor is asked to sign up when
 * saving; the server's refusals are handled by the searches' writes (use-searches.ts), a refused
 * field is said here.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AREA_COLOR_PALETTE, findNafEntry, HEADCOUNT_BANDS, isCategoryId, isOsmCatalogue, isOsmTag, type Area } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { autocompleteCategories, autocompleteNames, countDraftSearch, filterKey, type PoiCatalogue, type Search, type SearchFields, type SearchFilter } from '../api/searches.js';
import { useDebouncedValue } from '../app/use-debounced-value.js';
import { useModalDialog } from '../app/use-modal-dialog.js';
import { useLocale } from '../i18n/index.js';
import { SearchCombobox } from '../panels/search-combobox.js';
import { searchNaf } from './naf-search.js';
import { categoryName, nafDisplay } from './search-title.js';

/** The pause in editing after which the live count is asked. */
const COUNT_PAUSE_MS = 400;

export interface SearchEditorProps {
  /** The saved map (null: a visitor's, whose save asks to sign up). */
  mapId: string | null;
  /** The search edited; null for a new one. */
  search: Search | null;
  catalogues: PoiCatalogue[];
  /** The catalogues could not be read (nothing to choose from then, for another reason than none imported). */
  cataloguesFailed: boolean;
  defaultCatalogue: string;
  defaultColor: string;
  /** The area the live count is for. */
  area: Area | null;
  onSave(fields: SearchFields): Promise<void>;
  onClose(): void;
}

interface Draft extends SearchFields { nafCodes: string[] }

/** A new search's catalogue is '' until the user chooses one: the default then (known once the catalogues are read). */
function initialDraft(search: Search | null, color: string): Draft {
  if (search) {
    const { datasetName: name, categories, names, nafCodes, headcounts, label, color: own } = search;
    return { datasetName: name, categories, names, nafCodes, headcounts, label, color: own };
  }
  return { datasetName: '', categories: [], names: [], nafCodes: [], headcounts: [], label: null, color };
}

/** SIRENE's catalogue, the one with NAF codes and headcount bands. */
const SIRENE_CATALOGUE = 'fr_institutions';

/** What a draft looks for on its catalogue: raw tags only on OSM, NAF codes and headcounts only on SIRENE. */
function filterOf(draft: Draft): SearchFilter {
  const osm = isOsmCatalogue(draft.datasetName);
  const sirene = draft.datasetName === SIRENE_CATALOGUE;
  return {
    datasetName: draft.datasetName,
    categories: draft.categories.filter((category) => isCategoryId(category) || (osm && isOsmTag(category))),
    names: draft.names,
    nafCodes: sirene ? draft.nafCodes : [],
    headcounts: sirene ? draft.headcounts : [],
  };
}

const isEmpty = (filter: SearchFilter) => filter.categories.length + filter.names.length + filter.nafCodes.length + filter.headcounts.length === 0;

export function SearchEditor({ mapId, search, catalogues, cataloguesFailed, defaultCatalogue, defaultColor, area, onSave, onClose }: SearchEditorProps) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const id = useId();
  // Shown while mounted. Its own Escape and close button close it; the backdrop does not (a stray press would lose the draft).
  const { ref: dialog } = useModalDialog(true);
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(search, defaultColor));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const datasetName = draft.datasetName || defaultCatalogue;
  const catalogue = catalogues.find((entry) => entry.name === datasetName);
  const sirene = datasetName === SIRENE_CATALOGUE;
  const filter = filterOf({ ...draft, datasetName });
  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const add = (field: 'categories' | 'names' | 'nafCodes', value: string) =>
    setDraft((current) => (current[field].includes(value) ? current : { ...current, [field]: [...current[field], value] }));
  const remove = (field: 'categories' | 'names' | 'nafCodes' | 'headcounts', value: string) =>
    setDraft((current) => ({ ...current, [field]: current[field].filter((entry) => entry !== value) }));

  // The live count in the selected area, once the user pauses; the previous figure stays meanwhile.
  const settled = useDebouncedValue(filter, COUNT_PAUSE_MS);
  const countable = mapId !== null && area !== null && area.hash !== '' && !isEmpty(settled) && catalogue !== undefined;
  const liveCount = useQuery({
    queryKey: ['search-draft-count', mapId, filterKey(settled), area?.uuid, area?.hash],
    queryFn: ({ signal }) => countDraftSearch(mapId!, settled, [area!.geometry], signal),
    enabled: countable,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const counting = countable && (liveCount.isFetching || filterKey(settled) !== filterKey(filter));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    if (isEmpty(filter)) {
      setError(t('poi.editor.nothingChosen'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave({ ...filter, label: draft.label?.trim() || null, color: draft.color });
    } catch (failure) {
      // What the server refused in the fields stays here to be corrected; other failures are said by the list.
      if (failure instanceof ApiError && (failure.status === 400 || failure.status === 422)) setError(failure.message);
    } finally {
      setSaving(false);
    }
  };

  // Escape closes the editor only (not the analysis panel it opened from), unless a field took it (a list of suggestions).
  const onDialogKey = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  // Enter saves from anywhere in the form, unless a field took it (a suggestion chosen, a name added).
  const onFormKey = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.shiftKey) return;
    const target = event.target as HTMLElement;
    if (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement || target instanceof HTMLTextAreaElement) return;
    event.preventDefault();
    form.current?.requestSubmit();
  };

  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const countryName = (country: string) => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' }).of(country.toUpperCase()) ?? country;
    } catch {
      return country;
    }
  };
  const catalogueLabel = (entry: PoiCatalogue) => t('poi.editor.catalogueOption', {
    name: `${t(`poi.editor.sources.${entry.source}`)} · ${countryName(entry.country)}`, items: number(entry.items),
  });

  const pickCategory = (suggestion: { id: string }) => {
    if (isCategoryId(suggestion.id) || isOsmTag(suggestion.id)) add('categories', suggestion.id);
    else if (sirene && findNafEntry(suggestion.id)) add('nafCodes', findNafEntry(suggestion.id)!.display);
  };
  const typedCategory = (text: string) => {
    if (isOsmCatalogue(datasetName) && isOsmTag(text)) {
      add('categories', text);
      return true;
    }
    const naf = sirene ? findNafEntry(text) : undefined;
    if (naf) add('nafCodes', naf.display);
    return naf !== undefined;
  };

  return (
    <dialog ref={dialog} className="dialog search-editor" aria-labelledby={`${id}-title`} data-testid="search-editor"
      onClose={onClose} onCancel={(event) => { event.preventDefault(); onClose(); }} onKeyDown={onDialogKey}>
      <div className="dialog-header">
        <h2 id={`${id}-title`}>{search ? t('poi.editor.titleEdit') : t('poi.editor.titleNew')}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} data-testid="search-editor-close" onClick={onClose}>×</button>
      </div>
      <form ref={form} className="dialog-body search-editor-form" noValidate onSubmit={(event) => void submit(event)} onKeyDown={onFormKey}>
        {cataloguesFailed ? <p className="form-error" role="alert">{t('poi.editor.cataloguesError')}</p>
          : catalogues.length === 0 ? <p className="form-error" role="alert" data-testid="search-editor-no-catalogue">{t('poi.editor.noCatalogue')}</p> : (
          <div className="field">
            <label htmlFor={`${id}-catalogue`}>{t('poi.editor.catalogue')}</label>
            <select id={`${id}-catalogue`} value={datasetName} data-testid="search-editor-catalogue" onChange={(event) => change({ datasetName: event.target.value })}>
              {catalogues.map((entry) => <option key={entry.name} value={entry.name}>{catalogueLabel(entry)}</option>)}
            </select>
          </div>
        )}

        <ChipField label={t('poi.editor.categories')} hint={sirene ? t('poi.editor.categoriesHintSirene') : t('poi.editor.categoriesHint')}
          chips={filter.categories.map((category) => ({ value: category, label: categoryName(category, locale) }))}
          onRemove={(value) => remove('categories', value)} testId="search-editor-categories">
          <SearchCombobox<{ id: string; label: string }>
            queryKey={['poi-autocomplete-categories', datasetName, locale]}
            search={(text, signal) => autocompleteCategories(datasetName, text, locale, signal)}
            describe={(entry) => ({ key: entry.id, label: entry.label, detail: isCategoryId(entry.id) ? undefined : nafOrTag(entry.id) })}
            onChoose={pickCategory} onEnterText={typedCategory} clearOnChoose
            label={t('poi.editor.categories')} placeholder={sirene ? t('poi.editor.categoriesPlaceholderSirene') : t('poi.editor.categoriesPlaceholder')}
            notFound={t('poi.editor.noSuggestion')} autoFocus={search === null}
            testIds={{ input: 'search-editor-category-input', list: 'search-editor-category-list', option: 'search-editor-category-option', notFound: 'search-editor-category-none' }}
          />
        </ChipField>

        <ChipField label={t('poi.editor.names')} hint={t('poi.editor.namesHint')}
          chips={draft.names.map((name) => ({ value: name, label: name }))} onRemove={(value) => remove('names', value)} testId="search-editor-names">
          <SearchCombobox<string>
            queryKey={['poi-autocomplete-names', datasetName]}
            search={(text, signal) => autocompleteNames(datasetName, text, signal)}
            describe={(name) => ({ key: name, label: name })}
            onChoose={(name) => add('names', name)} onEnterText={(text) => { add('names', text); return true; }} clearOnChoose
            label={t('poi.editor.names')} placeholder={t('poi.editor.namesPlaceholder')} notFound={t('poi.editor.noSuggestion')}
            testIds={{ input: 'search-editor-name-input', list: 'search-editor-name-list', option: 'search-editor-name-option', notFound: 'search-editor-name-none' }}
          />
        </ChipField>

        {sirene && (
          <>
            <ChipField label={t('poi.editor.nafCodes')} hint={t('poi.editor.nafHint')}
              chips={draft.nafCodes.map((code) => ({ value: code, label: `${nafDisplay(code)} ${findNafEntry(code)?.label[locale] ?? ''}`.trim() }))}
              onRemove={(value) => remove('nafCodes', value)} testId="search-editor-naf">
              <SearchCombobox<{ code: string; display: string; label: string }>
                queryKey={['naf-search', locale]}
                search={(text) => Promise.resolve(searchNaf(text, locale).map((entry) => ({ code: entry.code, display: entry.display, label: entry.label[locale] })))}
                describe={(entry) => ({ key: entry.code, label: `${entry.display} ${entry.label}` })}
                onChoose={(entry) => add('nafCodes', entry.display)}
                onEnterText={(text) => {
                  const entry = findNafEntry(text);
                  if (entry) add('nafCodes', entry.display);
                  else setError(t('poi.editor.nafInvalid'));
                  return entry !== undefined;
                }} clearOnChoose
                label={t('poi.editor.nafCodes')} placeholder={t('poi.editor.nafPlaceholder')} notFound={t('poi.editor.nafInvalid')}
                testIds={{ input: 'search-editor-naf-input', list: 'search-editor-naf-list', option: 'search-editor-naf-option', notFound: 'search-editor-naf-none' }}
              />
            </ChipField>
            <fieldset className="field search-editor-headcounts" data-testid="search-editor-headcounts">
              <legend>{t('poi.editor.headcounts')}</legend>
              {HEADCOUNT_BANDS.map((band) => (
                <label key={band.code} className="search-editor-check">
                  <input type="checkbox" checked={draft.headcounts.includes(band.code)} value={band.code}
                    onChange={(event) => change({ headcounts: event.target.checked ? [...draft.headcounts, band.code] : draft.headcounts.filter((code) => code !== band.code) })} />
                  {band.label[locale]}
                </label>
              ))}
            </fieldset>
          </>
        )}

        <div className="field-row">
          <div className="field">
            <label htmlFor={`${id}-label`}>{t('poi.editor.label')}</label>
            <input id={`${id}-label`} type="text" value={draft.label ?? ''} maxLength={120} placeholder={t('poi.editor.labelPlaceholder')} data-testid="search-editor-label"
              aria-describedby={`${id}-label-hint`} onChange={(event) => change({ label: event.target.value })} />
            <span className="field-hint" id={`${id}-label-hint`}>{t('poi.editor.labelHint')}</span>
          </div>
          <fieldset className="field search-editor-colors">
            <legend>{t('poi.editor.color')}</legend>
            <div className="search-editor-swatches">
              {AREA_COLOR_PALETTE.map((color) => (
                <button key={color} type="button" className="search-editor-swatch" style={{ background: color }} aria-label={color} aria-pressed={draft.color === color}
                  onClick={() => change({ color })} />
              ))}
              <input type="color" value={draft.color} aria-label={t('poi.editor.color')} data-testid="search-editor-color" onChange={(event) => change({ color: event.target.value })} />
            </div>
          </fieldset>
        </div>

        <p className="search-editor-count" role="status" aria-live="polite" data-testid="search-editor-count" data-count={countable ? liveCount.data?.counts[0] : undefined}>
          {mapId === null ? t('poi.editor.liveCountVisitor')
            : area === null ? t('poi.editor.liveCountNoArea')
              : !countable ? null
                : (
                  <>
                    {counting && <span className="spinner spinner-small" aria-hidden data-testid="search-editor-counting" />}
                    {liveCount.data
                      ? `${liveCount.data.estimated[0] ? '≈ ' : ''}${t('poi.editor.liveCount', { count: liveCount.data.counts[0] ?? 0, formatted: number(liveCount.data.counts[0] ?? 0) })}`
                      : liveCount.isError ? t('poi.countError') : t('poi.editor.liveCounting')}
                  </>
                )}
        </p>
        {error && <p className="form-error" role="alert" data-testid="search-editor-error">{error}</p>}
        <div className="dialog-actions">
          <span className="panel-note search-editor-keys">{t('poi.editor.keys')}</span>
          <button type="button" className="button" onClick={onClose}>{t('app.cancel')}</button>
          <button type="submit" className="button button-primary" data-testid="search-editor-save" disabled={saving || catalogues.length === 0}>
            {saving ? t('poi.editor.saving') : t('poi.editor.save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A suggestion that is not a category of the tree: a NAF code with its label, or a raw tag. */
function nafOrTag(id: string): string | undefined {
  return findNafEntry(id)?.display ?? (isOsmTag(id) ? id : undefined);
}

interface ChipFieldProps {
  label: string;
  hint: string;
  chips: { value: string; label: string }[];
  onRemove(value: string): void;
  testId: string;
  children: React.ReactNode;
}

/** A field of chosen values (each removable) above the box that adds more. */
function ChipField({ label, hint, chips, onRemove, testId, children }: ChipFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="field search-editor-chips" data-testid={testId}>
      <span className="search-editor-field-label">{label}</span>
      {chips.length > 0 && (
        <ul className="unit-chips" aria-label={label}>
          {chips.map((chip) => (
            <li key={chip.value} className="unit-chip" data-testid="search-editor-chip" data-value={chip.value}>
              <span>{chip.label}</span>
              <button type="button" className="unit-chip-remove" aria-label={t('poi.editor.remove', { name: chip.label })} onClick={() => onRemove(chip.value)}>×</button>
            </li>
          ))}
        </ul>
      )}
      {children}
      <span className="field-hint">{hint}</span>
    </div>
  );
}
