/**
 * What an import gave: how many rows are on the map, how precisely they were placed (by their
 * coordinates, or by the address service to the house number, the street, the postcode or the
 * town), the rows not placed with the CSV of them to download and correct, and the way to put the
 * new dataset on the map open (SPEC §2 data import wizard, §8 lines not geocoded).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientDatasetView, PlacementPrecision } from '@catchment/domain';
import { downloadNotPlacedReport } from '../api/datasets.js';
import { saveFile } from '../app/save-file.js';
import { useLocale } from '../i18n/index.js';

const PRECISIONS: PlacementPrecision[] = ['coordinates', 'housenumber', 'street', 'postcode', 'city'];

interface ImportResultProps {
  clientId: number;
  dataset: ClientDatasetView;
  /** Puts the dataset on the map open; null when there is none the user may change. */
  onAddToMap: (() => Promise<void>) | null;
}

export function ImportResult({ clientId, dataset, onAddToMap }: ImportResultProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [adding, setAdding] = useState(false);
  const [reportError, setReportError] = useState(false);
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);

  const downloadReport = async () => {
    setReportError(false);
    try {
      const { blob, filename } = await downloadNotPlacedReport(clientId, dataset.id);
      saveFile(blob, filename);
    } catch {
      setReportError(true);
    }
  };

  const add = async () => {
    if (!onAddToMap) return;
    setAdding(true);
    try {
      await onAddToMap();
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="import-result" data-testid="import-result" data-dataset={dataset.id} data-placed={dataset.pointCount} data-not-placed={dataset.notGeocodedCount}>
      <p className="import-result-headline">
        <span className="dataset-swatch" style={{ background: dataset.color }} aria-hidden />
        <strong>{dataset.name}</strong>
      </p>
      <p className="import-result-placed" data-testid="import-result-placed">
        {t('datasets.result.placed', { count: dataset.rowCount, placed: number(dataset.pointCount), rows: number(dataset.rowCount) })}
      </p>
      <table className="analysis-table import-precisions" data-testid="import-precisions">
        <caption className="visually-hidden">{t('datasets.result.precisionsTitle')}</caption>
        <tbody>
          {PRECISIONS.filter((precision) => (dataset.precisions[precision] ?? 0) > 0).map((precision) => (
            <tr key={precision} data-precision={precision}>
              <th scope="row">{t(`datasets.result.precisions.${precision}`)}</th>
              <td className="num">{number(dataset.precisions[precision] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {dataset.notGeocodedCount > 0 && (
        <div className="import-not-placed" data-testid="import-not-placed">
          <p>{t('datasets.result.notPlaced', { count: dataset.notGeocodedCount, rows: number(dataset.notGeocodedCount) })}</p>
          <button type="button" className="button button-small" data-testid="import-report" onClick={() => void downloadReport()}>{t('datasets.result.download')}</button>
          {reportError && <p className="field-error" role="alert">{t('datasets.result.downloadError')}</p>}
        </div>
      )}
      {onAddToMap && (
        <div className="card-actions">
          <button type="button" className="button button-primary" data-testid="import-add-to-map" disabled={adding} onClick={() => void add()}>
            {adding ? t('datasets.result.adding') : t('datasets.result.addToMap')}
          </button>
        </div>
      )}
    </div>
  );
}
