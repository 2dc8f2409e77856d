/**
 * The import wizard's preview: the file as the server read it (format, encoding and delimiter of
 * a CSV, rows and columns), the headers it had to name (SPEC §8: an empty header is named after its
 * position, a repeated one given its position too) said one by one, and its rows a page at a time.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { fetchDataFilePreview, type DataFileView, type RenamedColumnView } from '../api/data-files.js';
import { useLocale } from '../i18n/index.js';

export const PREVIEW_PAGE_SIZE = 20;

/** The preview's page of rows (shared with the wizard, whose guesses read the first). */
export function usePreviewPage(clientId: number, fileId: string, page: number) {
  return useQuery({
    queryKey: ['data-file-preview', clientId, fileId, page],
    queryFn: ({ signal }) => fetchDataFilePreview(clientId, fileId, page * PREVIEW_PAGE_SIZE, PREVIEW_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

export function PreviewStep({ clientId, file }: { clientId: number; file: DataFileView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(0);
  const query = usePreviewPage(clientId, file.id, page);
  const pages = Math.max(1, Math.ceil(file.rowCount / PREVIEW_PAGE_SIZE));
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const format = file.format === 'xlsx' ? t('datasets.preview.xlsx') : t('datasets.preview.csv', { encoding: file.encoding ?? '?', delimiter: delimiterName(file.delimiter, t) });

  return (
    <div className="import-preview">
      <p className="import-summary" data-testid="import-summary" data-rows={file.rowCount} data-columns={file.columns.length}>
        <strong>{file.filename}</strong>{' '}
        {t('datasets.preview.summary', { count: file.rowCount, rows: number(file.rowCount), columns: number(file.columns.length) })} · {format}
      </p>
      {file.renamedColumns.length > 0 && (
        <ul className="import-renamed" data-testid="import-renamed">
          {file.renamedColumns.map((column) => <li key={column.position} data-position={column.position}>{renamedText(column, t)}</li>)}
        </ul>
      )}
      {query.isError ? <p className="form-error" role="alert">{t('datasets.preview.loadError')}</p> : (
        <div className="import-table-scroll" tabIndex={0} role="region" aria-label={t('datasets.preview.tableLabel')}>
          <table className="analysis-table import-table" data-testid="import-preview-table" aria-busy={query.isFetching}>
            <thead>
              <tr>
                <th scope="col" className="num">#</th>
                {file.columns.map((column) => <th key={column} scope="col">{column}</th>)}
              </tr>
            </thead>
            <tbody>
              {(query.data?.rows ?? []).map((row, index) => (
                <tr key={(query.data?.offset ?? 0) + index} data-testid="import-preview-row">
                  <td className="num">{(query.data?.offset ?? 0) + index + 1}</td>
                  {file.columns.map((column, cell) => <td key={column}>{row[cell]}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="import-pager" aria-label={t('datasets.preview.pages')}>
          <button type="button" className="button button-small" disabled={page === 0} data-testid="import-preview-previous" onClick={() => setPage(page - 1)}>
            {t('datasets.preview.previous')}
          </button>
          <span data-testid="import-preview-page">{t('datasets.preview.page', { page: page + 1, pages })}</span>
          <button type="button" className="button button-small" disabled={page + 1 >= pages} data-testid="import-preview-next" onClick={() => setPage(page + 1)}>
            {t('datasets.preview.next')}
          </button>
        </nav>
      )}
    </div>
  );
}

/** "Column 2 had no name: it is called “Column 2” here", or the same for a repeated name. */
function renamedText(column: RenamedColumnView, t: TFunction): string {
  return column.original === ''
    ? t('datasets.preview.renamedEmpty', { position: column.position, name: column.name })
    : t('datasets.preview.renamedRepeated', { position: column.position, original: column.original, name: column.name });
}

function delimiterName(delimiter: string | null, t: TFunction): string {
  if (delimiter === ',') return t('datasets.preview.delimiters.comma');
  if (delimiter === ';') return t('datasets.preview.delimiters.semicolon');
  if (delimiter === '\t') return t('datasets.preview.delimiters.tab');
  if (delimiter === '|') return t('datasets.preview.delimiters.pipe');
  return delimiter ?? '?';
}
