/**
 * /app/extractor?key=…: the city/postcode extractor on a page of its own (SPEC §1 legacy extractor),
 * for a partner's site to link to or to embed in a frame with one of its account's app keys. Pick a
 * place, a mode and a value, get the cities or postcodes the area covers, export them. No session:
 * the key alone authenticates the call, and its limits (a demo key's 20 items, a paid key's
 * extractions a month) are the server's, said in its messages.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { EXTRACTOR_KINDS, isAppKey, type AdministrativeKind, type ExtractorResponse } from '@catchment/domain';
import { isAbortError } from '../api/client.js';
import { extractByKey } from '../api/extractor.js';
import { fetchUnitKinds } from '../api/territories.js';
import { LocaleSwitch } from '../app/locale-switch.js';
import { usePageTitle } from '../app/page-title.js';
import { PlaceSearch, type Place } from '../panels/place-search.js';
import { ExtractionResults } from './extraction-results.js';
import { EXTRACTION_MODES, extractionMode, extractionRequest, type ExtractionModeId } from './extraction-modes.js';
import './extractor.css';

interface Extraction { answer: ExtractorResponse; place: Place; modeId: ExtractionModeId; value: number }

export function ExtractorPage() {
  const { t } = useTranslation();
  usePageTitle('extractor.title');
  const [params, setParams] = useSearchParams();
  const key = params.get('key') ?? '';
  const kinds = useQuery({ queryKey: ['units', 'kinds'], queryFn: fetchUnitKinds, staleTime: 60_000 });
  const offered = (kinds.data?.kinds ?? []).map((entry) => entry.kind).filter((kind) => EXTRACTOR_KINDS.includes(kind));

  const [place, setPlace] = useState<Place | null>(null);
  const [modeId, setModeId] = useState<ExtractionModeId>('circle');
  const [value, setValue] = useState(String(extractionMode('circle').defaultValue));
  const [chosenKind, setChosenKind] = useState<AdministrativeKind | null>(null);
  const kind = chosenKind ?? (offered.includes('fr_cities') ? 'fr_cities' : offered[0] ?? null);
  const mode = extractionMode(modeId);
  const request = place ? extractionRequest(mode, place.center, Number(value.replace(',', '.'))) : undefined;

  const abort = useRef<AbortController | null>(null);
  const extract = useMutation({
    mutationFn: async (): Promise<Extraction> => {
      abort.current = new AbortController();
      const answer = await extractByKey(key, kind!, request!, abort.current.signal);
      return { answer, place: place!, modeId, value: Number(value.replace(',', '.')) };
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request && kind) extract.mutate();
  };
  const chooseMode = (id: ExtractionModeId) => {
    setModeId(id);
    if (extractionMode(id).unit !== mode.unit) setValue(String(extractionMode(id).defaultValue));
  };

  return (
    <div className="extractor-page">
      <header className="extractor-header">
        <h1>{t('extractor.title')}</h1>
        <LocaleSwitch />
      </header>
      <main className="extractor-main">
        {!isAppKey(key) ? <KeyForm initial={key} onUse={(next) => setParams({ key: next })} /> : (
          <form className="extractor-form" onSubmit={submit} data-testid="extractor-form">
            <p className="muted">{t('extractor.intro')}</p>
            <div className="field">
              <span className="field-label">{t('createArea.place')}</span>
              <PlaceSearch onChoose={setPlace} autoFocus />
              {place && <p className="extractor-place" data-testid="extractor-place">{t('extractor.from', { place: place.label })}</p>}
            </div>
            <div className="extractor-row">
              <label className="field">
                <span className="field-label">{t('extractor.mode')}</span>
                <select value={modeId} onChange={(event) => chooseMode(event.target.value as ExtractionModeId)} data-testid="extractor-mode">
                  {EXTRACTION_MODES.map((option) => <option key={option.id} value={option.id}>{t(`extractor.modes.${option.id}`)}</option>)}
                </select>
              </label>
              <label className="field">
                <span className="field-label">{t(`extractor.units.${mode.unit}`)}</span>
                <input type="text" inputMode="decimal" value={value} required aria-invalid={place !== null && !request}
                  onChange={(event) => setValue(event.target.value)} data-testid="extractor-value" />
              </label>
              <label className="field">
                <span className="field-label">{t('extractor.list')}</span>
                <select value={kind ?? ''} onChange={(event) => setChosenKind(event.target.value as AdministrativeKind)}
                  disabled={offered.length === 0} data-testid="extractor-kind">
                  {offered.map((option) => <option key={option} value={option}>{t(`unitKinds.${option}`)}</option>)}
                </select>
              </label>
            </div>
            {kinds.isSuccess && offered.length === 0 && <p className="form-error" role="alert">{t('extractor.noKinds')}</p>}
            <div className="extractor-actions">
              <button type="submit" className="button button-primary" disabled={!request || !kind || extract.isPending} data-testid="extractor-submit">
                {t('extractor.extract')}
              </button>
              {extract.isPending && (
                <>
                  <span className="extractor-pending" role="status" data-testid="extractor-pending">
                    <span className="spinner" aria-hidden="true" /> {t('extractor.extracting')}
                  </span>
                  <button type="button" className="button button-ghost" onClick={() => abort.current?.abort()}>{t('extractor.cancel')}</button>
                </>
              )}
              {!place && <span className="muted">{t('extractor.choosePlace')}</span>}
            </div>
            {extract.isError && !isAbortError(extract.error) && (
              <p className="form-error" role="alert" data-testid="extractor-error">{extract.error.message}</p>
            )}
          </form>
        )}
        {extract.data && !extract.isPending && !extract.isError && (
          <ExtractionResults answer={extract.data.answer}
            summary={t('extractor.summary', {
              count: extract.data.answer.items.length,
              what: t(`unitKinds.${extract.data.answer.kind}`),
              mode: t(`extractor.modes.${extract.data.modeId}`).toLowerCase(),
              value: extract.data.value,
              unit: t(`extractor.unitsShort.${extractionMode(extract.data.modeId).unit}`),
              place: extract.data.place.label,
            })} />
        )}
      </main>
    </div>
  );
}

/** Without a key in the address: where to find one, and a field to paste it. */
function KeyForm({ initial, onUse }: { initial: string; onUse(key: string): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const valid = isAppKey(text.trim());
  return (
    <form className="extractor-form" data-testid="extractor-key-form" onSubmit={(event) => { event.preventDefault(); if (valid) onUse(text.trim()); }}>
      <p>{t('extractor.keyNeeded')}</p>
      <label className="field">
        <span className="field-label">{t('extractor.key')}</span>
        <input value={text} onChange={(event) => setText(event.target.value)} spellCheck={false} autoComplete="off" data-testid="extractor-key-input"
          aria-invalid={text !== '' && !valid} />
      </label>
      {text !== '' && !valid && <p className="form-error" role="alert">{t('validation.appKey')}</p>}
      <button type="submit" className="button button-primary" disabled={!valid}>{t('extractor.useKey')}</button>
    </form>
  );
}
