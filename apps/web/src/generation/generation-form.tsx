/**
 * The form of a map generation: where the rows come from (a pasted list, or one of the user's
 * datasets with the columns that name and categorise its rows), the mode and value every area
 * shares, the colour rule and the new map's title. It says what it read before anything is sent.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AREA_COLOR, GENERATION_MAX_ROWS, type GenerateMapBody } from '@catchment/domain';
import { useAccountDatasets } from '../datasets/use-datasets.js';
import { EXTRACTION_MODES, extractionMode, modeAmount, type ExtractionModeId } from '../extractor/extraction-modes.js';
import type { GenerateMapRequest } from '../api/generation.js';
import { parsePlacesList } from './places-list.js';

type SourceType = 'places' | 'dataset';
type ColorRule = GenerateMapBody['colors']['rule'];

interface GenerationFormProps {
  pending: boolean;
  error: string | null;
  onSubmit(request: GenerateMapRequest): void;
}

export function GenerationForm({ pending, error, onSubmit }: GenerationFormProps) {
  const { t, i18n } = useTranslation();
  const datasets = useAccountDatasets();
  const ready = (datasets.data ?? []).filter((dataset) => dataset.status === 'ready' && dataset.pointCount > 0);

  const [sourceType, setSourceType] = useState<SourceType>('places');
  const [text, setText] = useState('');
  const list = useMemo(() => parsePlacesList(text), [text]);
  const [datasetId, setDatasetId] = useState<number | null>(null);
  const dataset = ready.find((candidate) => candidate.id === datasetId) ?? ready[0];
  const [labelColumn, setLabelColumn] = useState('');
  const [categoryColumn, setCategoryColumn] = useState('');

  const [modeId, setModeId] = useState<ExtractionModeId>('car-time');
  const mode = extractionMode(modeId);
  const [value, setValue] = useState(String(mode.defaultValue));
  const amount = modeAmount(mode, Number(value.replace(',', '.')));
  const [colorRule, setColorRule] = useState<ColorRule>('palette');
  const [color, setColor] = useState<string>(DEFAULT_AREA_COLOR);
  const [title, setTitle] = useState('');

  const count = new Intl.NumberFormat(i18n.language);
  const hasCategories = sourceType === 'places' ? list.places.some((place) => place.category) : categoryColumn !== '';
  const rule: ColorRule = colorRule === 'category' && !hasCategories ? 'palette' : colorRule;
  const rows = sourceType === 'places' ? list.places.length : dataset?.pointCount ?? 0;
  const sourceRows = sourceType === 'places' ? rows : dataset?.rowCount ?? 0;
  const tooMany = sourceRows > GENERATION_MAX_ROWS;
  const canSubmit = !pending && amount !== undefined && rows > 0 && !tooMany;

  const chooseMode = (id: ExtractionModeId) => {
    setModeId(id);
    if (extractionMode(id).unit !== mode.unit) setValue(String(extractionMode(id).defaultValue));
  };
  const chooseDataset = (id: number) => {
    setDatasetId(id);
    setLabelColumn('');
    setCategoryColumn('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const source: GenerateMapRequest['source'] = sourceType === 'places'
      ? { type: 'places', places: list.places }
      : { type: 'dataset', datasetId: dataset!.id, ...(labelColumn ? { labelColumn } : {}), ...(categoryColumn ? { categoryColumn } : {}) };
    onSubmit({
      ...(title.trim() ? { title: title.trim() } : {}),
      source, isoMode: mode.isoMode, transportMode: mode.transportMode, value: amount!,
      colors: rule === 'single' ? { rule, color } : { rule },
    });
  };

  return (
    <form className="generation-form" onSubmit={submit} data-testid="generation-form">
      <fieldset className="generation-step">
        <legend>{t('generate.sourceStep')}</legend>
        <div className="generation-choice" role="radiogroup" aria-label={t('generate.sourceStep')}>
          {(['places', 'dataset'] as const).map((type) => (
            <label key={type} className="generation-option">
              <input type="radio" name="source" value={type} checked={sourceType === type} onChange={() => setSourceType(type)}
                data-testid={`generation-source-${type}`} />
              {t(`generate.source.${type}`)}
            </label>
          ))}
        </div>
        {sourceType === 'places' ? (
          <div className="field">
            <label htmlFor="generation-places">{t('generate.placesLabel')}</label>
            <textarea id="generation-places" rows={8} value={text} onChange={(event) => setText(event.target.value)} spellCheck={false}
              placeholder={t('generate.placesPlaceholder')} data-testid="generation-places" aria-describedby="generation-places-help" />
            <p id="generation-places-help" className="muted generation-help">{t('generate.placesHelp', { max: count.format(GENERATION_MAX_ROWS) })}</p>
            {text.trim() !== '' && (
              <p className={tooMany ? 'form-error' : 'generation-read'} role="status" data-testid="generation-read">
                {tooMany
                  ? t('generate.tooMany', { count: sourceRows, max: count.format(GENERATION_MAX_ROWS) })
                  : t('generate.placesRead', { count: rows })}
                {list.header && !tooMany && ` ${t('generate.headerSkipped')}`}
              </p>
            )}
            {list.invalidLines.length > 0 && (
              <p className="form-error" data-testid="generation-invalid-lines">
                {t('generate.invalidLines', { count: list.invalidLines.length, lines: list.invalidLines.slice(0, 10).join(', ') })}
              </p>
            )}
          </div>
        ) : ready.length === 0 ? (
          <p className="muted" data-testid="generation-no-datasets">{datasets.isPending ? t('app.loading') : t('generate.noDatasets')}</p>
        ) : (
          <div className="generation-row">
            <label className="field">
              <span className="field-label">{t('generate.dataset')}</span>
              <select value={dataset?.id ?? ''} onChange={(event) => chooseDataset(Number(event.target.value))} data-testid="generation-dataset">
                {ready.map((option) => <option key={option.id} value={option.id}>{t('generate.datasetOption', { name: option.name, count: option.pointCount })}</option>)}
              </select>
            </label>
            <label className="field">
              <span className="field-label">{t('generate.labelColumn')}</span>
              <select value={labelColumn} onChange={(event) => setLabelColumn(event.target.value)} data-testid="generation-label-column">
                <option value="">{t('generate.labelColumnAuto')}</option>
                {dataset!.columns.map((column) => <option key={column} value={column}>{column}</option>)}
              </select>
            </label>
            <label className="field">
              <span className="field-label">{t('generate.categoryColumn')}</span>
              <select value={categoryColumn} onChange={(event) => setCategoryColumn(event.target.value)} data-testid="generation-category-column">
                <option value="">{t('generate.noCategory')}</option>
                {dataset!.columns.map((column) => <option key={column} value={column}>{column}</option>)}
              </select>
            </label>
            {tooMany && (
              <p className="form-error generation-wide" role="status" data-testid="generation-read">
                {t('generate.tooMany', { count: sourceRows, max: count.format(GENERATION_MAX_ROWS) })}
              </p>
            )}
          </div>
        )}
      </fieldset>

      <fieldset className="generation-step">
        <legend>{t('generate.areaStep')}</legend>
        <div className="generation-row">
          <label className="field">
            <span className="field-label">{t('extractor.mode')}</span>
            <select value={modeId} onChange={(event) => chooseMode(event.target.value as ExtractionModeId)} data-testid="generation-mode">
              {EXTRACTION_MODES.map((option) => <option key={option.id} value={option.id}>{t(`extractor.modes.${option.id}`)}</option>)}
            </select>
          </label>
          <label className="field">
            <span className="field-label">{t(`extractor.units.${mode.unit}`)}</span>
            <input type="text" inputMode="decimal" value={value} required aria-invalid={amount === undefined}
              onChange={(event) => setValue(event.target.value)} data-testid="generation-value" />
          </label>
        </div>
      </fieldset>

      <fieldset className="generation-step">
        <legend>{t('generate.colorStep')}</legend>
        <div className="generation-choice" role="radiogroup" aria-label={t('generate.colorStep')}>
          {(['palette', 'category', 'single'] as const).map((option) => (
            <label key={option} className="generation-option">
              <input type="radio" name="colors" value={option} checked={rule === option} disabled={option === 'category' && !hasCategories}
                onChange={() => setColorRule(option)} data-testid={`generation-colors-${option}`} />
              {t(`generate.colors.${option}`)}
              {option === 'single' && (
                <input type="color" value={color} aria-label={t('generate.colorPicker')} onChange={(event) => { setColor(event.target.value); setColorRule('single'); }}
                  data-testid="generation-color" />
              )}
            </label>
          ))}
        </div>
        {!hasCategories && <p className="muted generation-help">{t(sourceType === 'places' ? 'generate.categoryHintPlaces' : 'generate.categoryHintDataset')}</p>}
      </fieldset>

      <fieldset className="generation-step">
        <legend>{t('generate.mapStep')}</legend>
        <label className="field">
          <span className="field-label">{t('generate.mapTitle')}</span>
          <input type="text" value={title} maxLength={200} placeholder={t('generate.defaultTitle')} onChange={(event) => setTitle(event.target.value)}
            data-testid="generation-title" />
        </label>
      </fieldset>

      {error && <p className="form-error" role="alert" data-testid="generation-error">{error}</p>}
      <div className="generation-actions">
        <button type="submit" className="button button-primary" disabled={!canSubmit} data-testid="generation-submit">
          {pending ? t('generate.starting') : t('generate.submit', { count: rows })}
        </button>
      </div>
    </form>
  );
}
