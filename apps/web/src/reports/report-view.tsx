/**
 * The market-study report as printed: a cover (the organisation's logo and name, the title, the
 * map, the date, the comment, a summary of the areas, the sources), then each area on pages of its own with the
 * sections chosen: its map picture, its census figures (the census tab's own charts and rows), the
 * businesses each search of the map finds there, the rows of the user's datasets inside it, the
 * map's indicators there, and the administrative divisions it covers. Laid out for A4 paper (report.css).
 */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { DivisionList, Locale, ReportArea, ReportDocument } from '@catchment/domain';
import { AreaFigures } from '../analysis/census-tab.js';
import { formatFigure, formatIndicatorValue, formatShare } from '../analysis/number-format.js';
import { searchTitle } from '../searches/search-title.js';

/** Rows of a kind of division printed per area, the largest shares first; the rest counted. */
export const DIVISION_ROWS_PRINTED = 40;

export function ReportView({ document, pictures }: { document: ReportDocument; pictures: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const { locale } = document;
  const style = { '--report-primary': document.colors.primary, '--report-secondary': document.colors.secondary } as CSSProperties;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(document.createdAt));
  return (
    <article className="report" style={style} data-testid="report">
      <header className="report-cover">
        <div className="report-brand">
          {document.organization.logo && <img className="report-logo" src={document.organization.logo} alt="" data-testid="report-logo" />}
          {document.organization.name && <p className="report-organization">{document.organization.name}</p>}
        </div>
        <p className="report-kicker">{t('report.kicker')}</p>
        <h1 className="report-title">{document.title}</h1>
        <p className="report-subtitle">{t('report.subtitle', { map: document.mapName, date, country: t(`analysis.countries.${document.country}`) })}</p>
        {document.comment && <p className="report-comment" data-testid="report-comment">{document.comment}</p>}
        <AreasSummary document={document} />
        {/* On the cover, where it is read first and never spills onto a page of its own. */}
        <p className="report-sources">{t('report.sources')}</p>
        <footer className="report-contact">
          {[document.organization.contact, document.organization.website].filter(Boolean).join(' · ')}
        </footer>
      </header>
      {document.areas.map((area) => <AreaPages key={area.id} area={area} document={document} picture={pictures.get(area.id)} />)}
    </article>
  );
}

function AreasSummary({ document }: { document: ReportDocument }) {
  const { t } = useTranslation();
  const { locale } = document;
  const withCensus = document.sections.includes('census');
  return (
    <table className="report-table report-summary" data-testid="report-summary">
      <thead>
        <tr>
          <th scope="col">{t('report.area')}</th>
          <th scope="col">{t('report.howMade')}</th>
          <th scope="col" className="num">{t('report.surface')}</th>
          {withCensus && <th scope="col" className="num">{t('report.population')}</th>}
        </tr>
      </thead>
      <tbody>
        {document.areas.map((area) => (
          <tr key={area.id}>
            <th scope="row"><span className="report-swatch" style={{ background: area.color }} />{area.label}</th>
            <td>{area.description}</td>
            <td className="num">{formatSurface(area.areaKm2, locale)}</td>
            {withCensus && <td className="num">{populationOf(area, locale) ?? '—'}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AreaPages({ area, document, picture }: { area: ReportArea; document: ReportDocument; picture: string | undefined }) {
  const { t } = useTranslation();
  const { locale } = document;
  return (
    <section className="report-area" data-testid="report-area">
      <h2 className="report-area-title"><span className="report-swatch" style={{ background: area.color }} />{area.label}</h2>
      <p className="report-area-facts">{area.description} · {formatSurface(area.areaKm2, locale)}</p>
      {picture && <img className="report-map" src={picture} alt={t('report.mapOf', { area: area.label })} data-testid="report-map" />}
      {area.census && (
        <div className="report-section report-census">
          <h3>{t('report.sections.census')}</h3>
          <AreaFigures result={area.census} chosenCountry={document.country} locale={locale} forReader />
        </div>
      )}
      {area.businesses && (
        <div className="report-section">
          <h3>{t('report.sections.businesses')}</h3>
          {area.businesses.length === 0 ? <p className="report-empty">{t('report.noSearches')}</p> : (
            <table className="report-table" data-testid="report-businesses">
              <tbody>
                {area.businesses.map(({ search, count, estimated }) => (
                  <tr key={search.id}>
                    <th scope="row"><span className="report-swatch" style={{ background: search.color }} />{searchTitle(search, locale) ?? t('report.unnamedSearch')}</th>
                    <td className="num">{estimated ? '≈ ' : ''}{formatFigure(count, 'people', locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {area.ownData && (
        <div className="report-section">
          <h3>{t('report.sections.ownData')}</h3>
          {area.ownData.length === 0 ? <p className="report-empty">{t('report.noDatasets')}</p> : (
            <table className="report-table" data-testid="report-own-data">
              <tbody>
                {area.ownData.map((dataset) => (
                  <tr key={dataset.name}>
                    <th scope="row">{dataset.name}</th>
                    <td className="num">{t('report.rows', { count: dataset.count, formatted: formatFigure(dataset.count, 'people', locale) })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {area.indicators && (
        <div className="report-section">
          <h3>{t('report.sections.indicators')}</h3>
          {area.indicators.length === 0 ? <p className="report-empty">{t('report.noIndicators')}</p> : (
            <table className="report-table" data-testid="report-indicators">
              <tbody>
                {area.indicators.map((indicator, i) => (
                  <tr key={i}>
                    <th scope="row">
                      <span aria-hidden="true">{indicator.symbol}</span> {indicator.name}
                      <span className="report-formula">{indicator.formula}</span>
                    </th>
                    <td className="num">{indicator.value === null ? t('report.noValue') : formatIndicatorValue(indicator.value, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {area.divisions && (
        <div className="report-section">
          <h3>{t('report.sections.divisions')}</h3>
          {area.divisions.every((list) => list.rows.length === 0)
            ? <p className="report-empty">{t('report.noDivisions')}</p>
            : area.divisions.filter((list) => list.rows.length > 0).map((list) => <Divisions key={list.kind} list={list} locale={locale} />)}
        </div>
      )}
    </section>
  );
}

function Divisions({ list, locale }: { list: DivisionList; locale: Locale }) {
  const { t } = useTranslation();
  const rows = [...list.rows].sort((a, b) => b.share - a.share || (b.population ?? 0) - (a.population ?? 0));
  const printed = rows.slice(0, DIVISION_ROWS_PRINTED);
  return (
    <table className="report-table report-divisions" data-testid={`report-divisions-${list.kind}`}>
      <caption>{t(`unitKinds.${list.kind}`)} ({list.rows.length})</caption>
      <thead>
        <tr>
          <th scope="col">{t('report.division')}</th>
          <th scope="col" className="num">{t('report.shareInside')}</th>
          <th scope="col" className="num">{t('report.population')}</th>
        </tr>
      </thead>
      <tbody>
        {printed.map((row) => (
          <tr key={row.code}>
            <th scope="row">{row.name} <span className="report-code">{row.code}</span></th>
            <td className="num">{formatShare(row.share, locale)}</td>
            <td className="num">{row.population === null ? '—' : formatFigure(row.population, 'people', locale)}</td>
          </tr>
        ))}
      </tbody>
      {rows.length > printed.length && (
        <tfoot><tr><td colSpan={3}>{t('report.moreDivisions', { count: rows.length - printed.length })}</td></tr></tfoot>
      )}
    </table>
  );
}

function formatSurface(km2: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: km2 < 10 ? 1 : 0 }).format(km2)} km²`;
}

function populationOf(area: ReportArea, locale: string): string | null {
  const population = area.census?.measures.find((measure) => measure.key === 'population' && measure.value !== null);
  return population ? formatFigure(population.value!, population.unit, locale) : null;
}
