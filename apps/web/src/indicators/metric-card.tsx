/**
 * One indicator in the tab: its symbol and name, its formula as a line, its value in the selected
 * area (or "—" and why there is none), and its actions: move up or down (or drag), edit, delete
 * after a confirmation; a refused delete (another indicator reads it) is said under it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetricValue, MetricView } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { useLocale } from '../i18n/index.js';
import { Icon } from '../panels/icons.js';
import { formulaLine } from './formula-chips.js';
import { formatIndicatorValue } from '../analysis/number-format.js';

export interface MetricCardProps {
  metric: MetricView;
  names: ReadonlyMap<string, string>;
  /** Its value in the selected area; undefined while it is computed, or without an area. */
  value: MetricValue | undefined;
  computing: boolean;
  hasArea: boolean;
  first: boolean;
  last: boolean;
  onEdit(): void;
  onDelete(): Promise<void>;
  onMove(step: -1 | 1): void;
}

export function MetricCard({ metric, names, value, computing, hasArea, first, last, onEdit, onDelete, onMove }: MetricCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const remove = async () => {
    setConfirming(false);
    setDeleteError(null);
    try {
      await onDelete();
    } catch (error) {
      setDeleteError(error instanceof ApiError && error.status < 500 ? error.message : t('indicators.deleteError'));
    }
  };

  return (
    <article className="metric-card" data-testid="metric-card" data-metric={metric.id} aria-label={metric.name}>
      <header className="metric-card-header">
        <span className="metric-symbol" aria-hidden>{metric.symbol}</span>
        <h4 className="metric-name" data-testid="metric-name" title={metric.name}>{metric.name}</h4>
        <MetricFigure value={value} computing={computing} hasArea={hasArea} locale={locale} />
      </header>
      <p className="metric-formula" data-testid="metric-formula">= {formulaLine(metric.formula, names, locale, t('indicators.unknownMeasure'))}</p>
      <div className="metric-actions">
        <button type="button" className="icon-button" aria-label={t('indicators.moveUp')} title={t('indicators.moveUp')} disabled={first} data-testid="metric-up" onClick={() => onMove(-1)}><Icon name="up" /></button>
        <button type="button" className="icon-button" aria-label={t('indicators.moveDown')} title={t('indicators.moveDown')} disabled={last} data-testid="metric-down" onClick={() => onMove(1)}><Icon name="down" /></button>
        <button type="button" className="button button-small button-ghost" data-testid="metric-edit" onClick={onEdit}>{t('indicators.edit')}</button>
        <button type="button" className="button button-small button-ghost button-danger-ghost" data-testid="metric-delete" onClick={() => setConfirming(true)}>{t('indicators.delete')}</button>
      </div>
      {confirming && (
        <div className="poi-confirm" role="alertdialog" aria-label={t('indicators.deleteConfirm', { name: metric.name })}>
          <span>{t('indicators.deleteConfirm', { name: metric.name })}</span>
          <button type="button" className="button button-small button-danger" data-testid="metric-delete-confirm" onClick={() => void remove()}>{t('indicators.delete')}</button>
          <button type="button" className="button button-small" autoFocus onClick={() => setConfirming(false)}>{t('app.cancel')}</button>
        </div>
      )}
      {deleteError && <p className="form-error" role="alert" data-testid="metric-delete-error">{deleteError}</p>}
    </article>
  );
}

/** The value written the locale's way, or "—" and why there is none (a measure without data, a division by zero, a failed source). */
export function MetricFigure({ value, computing, hasArea, locale }: { value: MetricValue | undefined; computing: boolean; hasArea: boolean; locale: string }) {
  const { t } = useTranslation();
  if (!hasArea) return null;
  if (computing && !value) return <span className="metric-value analysis-loading" role="status"><span className="spinner spinner-small" aria-hidden /><span className="visually-hidden">{t('indicators.computing')}</span></span>;
  if (!value) return null;
  if (value.value === null) {
    const reason = value.error?.message ?? t('indicators.noValue');
    return <span className="metric-value metric-no-value" data-testid="metric-value" data-value="" title={reason}>—<span className="metric-reason" data-testid="metric-no-value-reason">{reason}</span></span>;
  }
  return <strong className="metric-value" data-testid="metric-value" data-value={value.value}>{formatIndicatorValue(value.value, locale)}</strong>;
}
