/**
 * The indicator editor (SPEC §3 Metric): a name, a symbol (one of METRIC_SYMBOLS or the user's own
 * emoji) and the formula as chips (formula-field.tsx). The formula is checked on every change with
 * the domain's checkFormula (SPEC §5: correct, and every measure known), its message the domain's
 * ("Error: the formula is incorrect") and the chip out of place marked; once it is correct its
 * value in the selected area is previewed. A formula the plan does not include (several measures:
 * Advanced) says which plan does. The server's refusals are said in place, in the user's language.
 */
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkFormula, DEFAULT_METRIC_SYMBOL, formulaCheckError, measureRefKey, metricFormulaFeatures, METRIC_SYMBOLS, tokenMeasures,
  type Area, type Country, type FormulaToken, type MetricView,
} from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { useModalDialog } from '../app/use-modal-dialog.js';
import { useLocale } from '../i18n/index.js';
import { LockedButton } from '../plans/plan-lock.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { formulaLine, measureNames } from './formula-chips.js';
import { FormulaField } from './formula-field.js';
import { formatIndicatorValue } from '../analysis/number-format.js';
import { useFormulaPreview } from './use-formula-preview.js';
import { useMetricWidgets } from './use-metrics.js';

export interface MetricDraft { name: string; symbol: string; formula: FormulaToken[] }

export interface MetricEditorProps {
  mapId: string;
  /** The indicator edited; null for a new one. */
  metric: MetricView | null;
  /** Where a new one starts (the empty state's example). */
  initial?: MetricDraft | undefined;
  area: Area | null;
  country: Country;
  onSave(draft: MetricDraft): Promise<void>;
  onClose(): void;
}

/** The index the server's FORMULA_INCORRECT names (details.at), if any. */
function refusedAt(error: unknown): number | null {
  const at = error instanceof ApiError ? (error.details as { at?: unknown } | undefined)?.at : undefined;
  return typeof at === 'number' ? at : null;
}

export function MetricEditor({ mapId, metric, initial, area, country, onSave, onClose }: MetricEditorProps) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const access = usePlanAccess();
  const nameInput = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<MetricDraft>(() => (metric
    ? { name: metric.name, symbol: metric.symbol, formula: metric.formula }
    : initial ?? { name: '', symbol: DEFAULT_METRIC_SYMBOL, formula: [] }));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; at: number | null } | null>(null);
  const { ref: dialog } = useModalDialog(true, onClose, { initialFocus: nameInput, locked: saving });

  const widgetsQuery = useMetricWidgets(mapId, country, i18n.language, metric?.id);
  const widgets = widgetsQuery.data;
  const names = useMemo(() => measureNames(widgets), [widgets]);
  const known = (measure: Parameters<typeof measureRefKey>[0]) => names.has(measureRefKey(measure));
  // Before the measures are read, nothing is called unknown.
  const check = checkFormula(draft.formula, (measure) => widgets === undefined || known(measure));
  const unknown = new Set(check.ok || check.reason !== 'unknownMeasures' ? [] : check.unknown.map(measureRefKey));
  const faulty = !check.ok && check.reason === 'incorrect' && draft.formula.length > 0 ? check.at : error?.at ?? null;
  const self = metric ? { source: 'metric' as const, metricId: metric.id } : undefined;
  const measures = useMemo(() => tokenMeasures(draft.formula), [draft.formula]);
  // The first feature the formula needs that the plan lacks (the domain's rule, the API's 403).
  const locked = access ? metricFormulaFeatures(measures).map((feature) => ({ feature, plan: access.lockOf(feature) })).find((entry) => entry.plan !== null) : undefined;
  const feature = locked?.feature ?? '';
  const planLock = locked?.plan ?? null;
  const preview = useFormulaPreview(mapId, area, country, check.ok ? check.expression : null, check.ok ? measures : []);
  const customSymbol = !(METRIC_SYMBOLS as readonly string[]).includes(draft.symbol);

  const change = (changes: Partial<MetricDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setError(null);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving || !check.ok || draft.name.trim() === '' || planLock) return;
    setSaving(true);
    setError(null);
    try {
      await onSave({ ...draft, name: draft.name.trim(), symbol: draft.symbol.trim() || DEFAULT_METRIC_SYMBOL });
    } catch (failure) {
      setError({ message: failure instanceof ApiError && failure.status < 500 ? failure.message : t('indicators.saveError'), at: refusedAt(failure) });
    } finally {
      setSaving(false);
    }
  };

  const checkMessage = draft.formula.length === 0 ? null : check.ok ? null : t(`errors.${formulaCheckError(check)}`);
  return (
    <dialog ref={dialog} className="dialog metric-editor" aria-labelledby={`${id}-title`} data-testid="metric-editor"
      onClose={onClose} onCancel={(event) => { event.preventDefault(); if (!saving) onClose(); }}>
      <div className="dialog-header">
        <h2 id={`${id}-title`}>{metric ? t('indicators.editor.titleEdit') : t('indicators.editor.titleNew')}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} data-testid="metric-editor-close" onClick={onClose}>×</button>
      </div>
      <form className="dialog-body metric-editor-form" noValidate onSubmit={(event) => void submit(event)}
        onKeyDown={(event) => { if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event); }}>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('indicators.editor.name')}</label>
          <input ref={nameInput} id={`${id}-name`} type="text" maxLength={100} value={draft.name} data-testid="metric-editor-name"
            placeholder={t('indicators.editor.namePlaceholder')} onChange={(event) => change({ name: event.target.value })}
            onKeyDown={(event) => { if (event.key === 'Enter') event.preventDefault(); }} />
        </div>
        <fieldset className="field metric-editor-symbols">
          <legend>{t('indicators.editor.symbol')}</legend>
          <div className="metric-symbols" data-testid="metric-editor-symbols">
            {METRIC_SYMBOLS.map((symbol) => (
              <button key={symbol} type="button" className="metric-symbol-choice" aria-pressed={draft.symbol === symbol} data-testid="metric-editor-symbol" data-symbol={symbol}
                onClick={() => change({ symbol })}>{symbol}</button>
            ))}
            <label className="metric-symbol-own">
              <span className="visually-hidden">{t('indicators.editor.ownSymbol')}</span>
              <input type="text" maxLength={16} value={customSymbol ? draft.symbol : ''} placeholder={t('indicators.editor.ownSymbolPlaceholder')}
                title={t('indicators.editor.ownSymbol')} data-testid="metric-editor-symbol-input" aria-label={t('indicators.editor.ownSymbol')}
                onChange={(event) => change({ symbol: event.target.value })} onKeyDown={(event) => { if (event.key === 'Enter') event.preventDefault(); }} />
            </label>
          </div>
        </fieldset>
        <div className="field">
          <span className="field-label" id={`${id}-formula`}>{t('indicators.editor.formula')}</span>
          {widgetsQuery.isError && <p className="form-error" role="alert">{t('indicators.widgetsError')}</p>}
          <FormulaField tokens={draft.formula} onChange={(formula) => change({ formula })} widgets={widgets} names={names} self={self}
            faulty={faulty} unknown={unknown} describedBy={`${id}-check ${id}-keys`} />
          <span className="field-hint" id={`${id}-keys`}>{t('indicators.editor.keys')}</span>
          {draft.formula.length > 0 && (
            <p className="metric-formula-text" data-testid="metric-formula-text">= {formulaLine(draft.formula, names, locale, t('indicators.unknownMeasure'))}</p>
          )}
          <p id={`${id}-check`} className={checkMessage ? 'field-error' : 'visually-hidden'} role="status" aria-live="polite" data-testid="metric-formula-check"
            data-reason={check.ok ? 'ok' : draft.formula.length === 0 ? 'empty' : check.reason}>
            {checkMessage}
          </p>
        </div>
        {planLock && (
          <div className="metric-editor-lock" data-testid="metric-editor-plan-lock" data-plan={planLock}>
            <p>{t('indicators.advancedLock', { plan: t(`plans.${planLock}`) })}</p>
            <LockedButton feature={feature} plan={planLock}>{t('planLock.seePlans')}</LockedButton>
          </div>
        )}
        <Preview preview={preview} hasArea={area !== null} locale={locale} formulaOk={check.ok} />
        {error && <p className="form-error" role="alert" data-testid="metric-editor-error">{error.message}</p>}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose} disabled={saving}>{t('app.cancel')}</button>
          <button type="submit" className="button button-primary" data-testid="metric-editor-save"
            disabled={saving || !check.ok || draft.name.trim() === '' || planLock !== null}>
            {saving ? t('indicators.saving') : t('indicators.editor.save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function Preview({ preview, hasArea, locale, formulaOk }: { preview: ReturnType<typeof useFormulaPreview>; hasArea: boolean; locale: string; formulaOk: boolean }) {
  const { t } = useTranslation();
  if (!formulaOk) return null;
  if (!hasArea) return <p className="panel-note" data-testid="metric-editor-preview">{t('indicators.editor.previewNoArea')}</p>;
  // The area is not saved yet: its value comes once it is.
  if (preview.state === 'none') return null;
  const value = preview.state === 'done' ? preview.value : undefined;
  return (
    <p className="metric-editor-preview" role="status" aria-live="polite" data-testid="metric-editor-preview" data-value={value ?? undefined}>
      <span>{t('indicators.editor.preview')}</span>{' '}
      {preview.state === 'loading' ? <span className="spinner spinner-small" aria-hidden />
        : preview.state === 'failed' ? <span className="field-error">{t('indicators.editor.previewFailed')}</span>
          : value === null ? <span title={t('indicators.noValue')}>— <span className="panel-note">{t('indicators.noValue')}</span></span>
            : value !== undefined ? <strong>{formatIndicatorValue(value, locale)}</strong> : null}
    </p>
  );
}
