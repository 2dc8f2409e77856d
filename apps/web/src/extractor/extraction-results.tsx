/** An extraction's answer on the extractor page: the list, what the key allows, and its export. */
import { useTranslation } from 'react-i18next';
import type { ExtractorResponse } from '@catchment/domain';
import { CopyButton } from '../app/copy-button.js';
import { saveFile } from '../app/save-file.js';
import { useLocale } from '../i18n/index.js';
import { extractionCsv } from './extraction-csv.js';

interface ExtractionResultsProps {
  answer: ExtractorResponse;
  /** What was extracted, from where, in words. */
  summary: string;
}

export function ExtractionResults({ answer, summary }: ExtractionResultsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const numbers = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const { items } = answer;

  const download = () => {
    const csv = extractionCsv(items, {
      code: t('extractor.code'), name: t('extractor.name'), parentName: t('extractor.parentName'),
      population: t('extractor.population'), share: t('extractor.share'),
    }, locale);
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${t('extractor.fileName')}-${answer.kind}.csv`);
  };

  return (
    <section className="extraction-results" aria-labelledby="extraction-summary" data-testid="extraction-results">
      <h2 id="extraction-summary" data-testid="extraction-summary">{summary}</h2>
      <p className="muted extraction-allowance" data-testid="extraction-allowance">
        {answer.cached && <>{t('extractor.cached')} </>}
        {answer.extractionsPerMonth !== null
          ? t('extractor.quota', { used: numbers.format(answer.extractionsThisMonth), max: numbers.format(answer.extractionsPerMonth) })
          : answer.maxItems !== null && t('extractor.demoLimit', { max: answer.maxItems })}
      </p>
      {items.length === 0 ? <p className="empty-state" data-testid="extraction-empty">{t('extractor.empty')}</p> : (
        <>
          <div className="extraction-actions">
            <button type="button" className="button" onClick={download} data-testid="extraction-download">{t('extractor.downloadCsv')}</button>
            <CopyButton text={items.map((item) => item.code).join('\n')} label={t('extractor.copyCodes')} testId="extraction-copy" />
          </div>
          <div className="extraction-table-wrap">
            <table className="extraction-table" data-testid="extraction-table">
              <thead>
                <tr>
                  <th scope="col">{t('extractor.code')}</th>
                  <th scope="col">{t('extractor.name')}</th>
                  <th scope="col">{t('extractor.parentName')}</th>
                  <th scope="col" className="numeric">{t('extractor.population')}</th>
                  <th scope="col" className="numeric">{t('extractor.share')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.code} data-testid="extraction-row">
                    <td>{item.code}</td>
                    <td>{item.name}</td>
                    <td>{item.parentName ?? ''}</td>
                    <td className="numeric">{item.population === null ? '—' : numbers.format(item.population)}</td>
                    <td className="numeric">{percent.format(item.share * 100)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
