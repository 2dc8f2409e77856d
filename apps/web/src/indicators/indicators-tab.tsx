/**
 * The indicators tab of the analysis panel (SPEC §2, tab 6 "my indicators"): the map's indicators
 * in their order (moved with the arrows or by dragging), each with its value in the selected area
 * (metric-card.tsx), the editor (metric-editor.tsx), and the indicators of the visible areas side
 * by side, and their export to Excel (POST /xlsxreport/indicators: the same values). Without any indicator it says what they are and offers to start from an example. Every
 * write says "Saving…" then "Saved" (SPEC §4). Shown without an area too: the values then wait
 * for one. The panel locks the tab below Pro (SPEC §6), naming the plan. While it is open, changes
 * made elsewhere come through the real-time channel.
 */
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_METRIC_SYMBOL, type Country, type MetricView } from '@catchment/domain';
import type { AnalysisTarget } from '../analysis/analysis-panel.js';
import { downloadIndicators } from '../api/metrics.js';
import { useDownload } from '../app/use-download.js';
import { Icon } from '../panels/icons.js';
import { exampleMetric } from './example-metric.js';
import { measureNames } from './formula-chips.js';
import { MetricCard } from './metric-card.js';
import { MetricEditor, type MetricDraft } from './metric-editor.js';
import { MetricsComparison } from './metrics-comparison.js';
import { computedAreas, useMetricList, useMetricsListSync, useMetricValues, useMetricWidgets, useMetricWrites } from './use-metrics.js';
import './indicators.css';

/** The editor open on a new indicator (metric null, maybe from the example) or on one of the list. */
interface Editing { metric: MetricView | null; initial?: MetricDraft }
type SaveStatus = 'idle' | 'saving' | 'saved';

export function IndicatorsTab({ target, country }: { target: AnalysisTarget; country: Country }) {
  const { t, i18n } = useTranslation();
  const mapId = target.mapId!;
  const { area } = target;
  const list = useMetricList(mapId);
  const widgets = useMetricWidgets(mapId, country, i18n.language);
  const writes = useMetricWrites(mapId);
  useMetricsListSync(mapId);
  const metrics = list.data?.metrics ?? [];
  const areas = computedAreas(area, target.areas);
  const values = useMetricValues(mapId, areas, country, i18n.language, metrics);
  const names = measureNames(widgets.data);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const { downloading, error: exportError, download } = useDownload(t('analysis.exportError'));

  /** Runs a write with the saving indicator; the caller says a refusal where it belongs. */
  const saving = async <T,>(write: () => Promise<T>): Promise<T> => {
    setStatus('saving');
    try {
      const result = await write();
      setStatus('saved');
      return result;
    } catch (error) {
      setStatus('idle');
      throw error;
    }
  };

  const save = async (draft: MetricDraft) => {
    const body = { name: draft.name, symbol: draft.symbol, formula: draft.formula };
    if (editing?.metric) await saving(() => writes.update(editing.metric!.id, body));
    else await saving(() => writes.create(body));
    setEditing(null);
  };

  const move = (index: number, step: -1 | 1) => {
    const metric = metrics[index];
    const reference = metrics[index + step];
    if (metric && reference) void saving(() => writes.move(metric.id, reference.id, step < 0)).catch(() => undefined);
  };

  // Dragging an indicator onto another puts it before that one (or after, in its lower half).
  const onDrop = (event: DragEvent<HTMLLIElement>, reference: MetricView) => {
    event.preventDefault();
    setDragged(null);
    if (dragged === null || dragged === reference.id) return;
    const box = event.currentTarget.getBoundingClientRect();
    const before = event.clientY < box.top + box.height / 2;
    void saving(() => writes.move(dragged, reference.id, before)).catch(() => undefined);
  };

  const example = exampleMetric(widgets.data);
  const startFromExample = () => {
    if (!example) return;
    const name = example.searchLabel ? t('indicators.example.perSearchName', { search: example.searchLabel }) : t('indicators.example.thousandsName');
    setEditing({ metric: null, initial: { name, symbol: DEFAULT_METRIC_SYMBOL, formula: example.formula } });
  };

  const editor = editing && (
    <MetricEditor mapId={mapId} metric={editing.metric} initial={editing.initial}
      area={area} country={country} onSave={save} onClose={() => setEditing(null)} />
  );
  const newButton = (
    <button type="button" className="button button-small button-primary" data-testid="metrics-new" onClick={() => setEditing({ metric: null })}>
      <Icon name="plus" />{t('indicators.new')}
    </button>
  );
  const statusLine = status !== 'idle' && (
    <span className="metrics-save-status panel-note" role="status" data-testid="metrics-save-status" data-status={status}>
      {status === 'saving' ? t('indicators.saving') : t('indicators.saved')}
    </span>
  );

  if (list.isPending) return <p className="panel-note analysis-loading" role="status"><span className="spinner" aria-hidden />{t('indicators.loading')}</p>;
  if (list.isError) {
    return (
      <div className="indicators-tab">
        <p className="form-error" role="alert" data-testid="metrics-load-error">{t('indicators.loadError')}</p>
        <button type="button" className="button button-small" onClick={() => void list.refetch()}>{t('app.retry')}</button>
      </div>
    );
  }

  if (metrics.length === 0) {
    return (
      <div className="indicators-tab indicators-empty" data-testid="metrics-empty">
        <h3 className="indicators-title">{t('indicators.emptyTitle')}</h3>
        <p>{t('indicators.emptyText')}</p>
        {example && (
          <p className="panel-note" data-testid="metrics-example">
            {example.searchLabel ? t('indicators.example.perSearch', { search: example.searchLabel }) : t('indicators.example.thousands')}
          </p>
        )}
        <div className="indicators-empty-actions">
          {newButton}
          {example && <button type="button" className="button button-small" data-testid="metrics-from-example" onClick={startFromExample}>{t('indicators.example.start')}</button>}
          {statusLine}
        </div>
        {editor}
      </div>
    );
  }

  const areaValues = values.data?.areas.find((entry) => entry.areaId === area?.uuid);
  return (
    <div className="indicators-tab" data-testid="metrics-tab">
      <div className="indicators-toolbar">
        <h3 className="indicators-title">{t('indicators.title')}</h3>
        {statusLine}
        {areas.length > 0 && (
          <button type="button" className="button button-small" data-testid="metrics-export" disabled={downloading}
            onClick={() => void download(() => downloadIndicators(mapId, areas.map((entry) => entry.uuid), country))}>
            {downloading ? t('analysis.exporting') : t('analysis.censusExport', { count: areas.length })}
          </button>
        )}
        {newButton}
      </div>
      {exportError && <p className="form-error" role="alert" data-testid="metrics-export-error">{exportError}</p>}
      {values.isError && <p className="form-error" role="alert" data-testid="metrics-compute-error">{t('indicators.computeError')}</p>}
      <ol className="metric-list" data-testid="metrics-list">
        {metrics.map((metric, index) => (
          <li key={metric.id} className={dragged === metric.id ? 'metric-item metric-dragged' : 'metric-item'}
            draggable onDragStart={(event) => { event.dataTransfer.effectAllowed = 'move'; setDragged(metric.id); }}
            onDragEnd={() => setDragged(null)} onDragOver={(event) => { if (dragged !== null) event.preventDefault(); }} onDrop={(event) => onDrop(event, metric)}>
            <MetricCard metric={metric} names={names} value={areaValues?.metrics.find((entry) => entry.metricId === metric.id)}
              computing={values.isFetching} hasArea={area !== null && area.hash !== ''} first={index === 0} last={index === metrics.length - 1}
              onEdit={() => setEditing({ metric })} onDelete={() => saving(() => writes.remove(metric.id))} onMove={(step) => move(index, step)} />
          </li>
        ))}
      </ol>
      {values.data && values.data.areas.length > 1 && <MetricsComparison metrics={metrics} results={values.data.areas} areas={areas} />}
      {editor}
    </div>
  );
}
