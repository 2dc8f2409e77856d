/**
 * /app/print/report: the page the server's headless Chromium prints to PDF (apps/api/src/reports).
 * The document comes with the page (a global set before any script runs), so it asks the server
 * nothing but the basemap's tiles; the page says it is done (or why it failed) through another
 * global, once the map pictures are drawn, the fonts loaded and the layout settled.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_DOCUMENT_GLOBAL, REPORT_READY_GLOBAL, type ReportDocument } from '@catchment/domain';
import { drawMapPictures, pictureStyleUrl } from './map-pictures.js';
import { ReportView } from './report-view.js';
import './report.css';

type Globals = Record<string, unknown>;

function announce(ready: true | { error: string }): void {
  (window as unknown as Globals)[REPORT_READY_GLOBAL] = ready;
}

export function ReportPrintPage() {
  const [document] = useState(() => (window as unknown as Globals)[REPORT_DOCUMENT_GLOBAL] as ReportDocument | undefined);
  const { i18n } = useTranslation();
  const [pictures, setPictures] = useState<Map<string, string> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const languageReady = document !== undefined && i18n.language === document.locale;

  useEffect(() => {
    if (document && i18n.language !== document.locale) void i18n.changeLanguage(document.locale);
  }, [document, i18n]);

  useEffect(() => {
    window.document.body.classList.add('report-printing');
    return () => window.document.body.classList.remove('report-printing');
  }, []);

  useEffect(() => {
    if (!document) {
      announce({ error: 'no report document' });
      return;
    }
    if (!document.sections.includes('map')) {
      setPictures(new Map());
      return;
    }
    drawMapPictures(document.areas, pictureStyleUrl(document.mapStyleUrl, document.locale))
      .then(setPictures, (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  }, [document]);

  useEffect(() => {
    if (failure) announce({ error: failure });
  }, [failure]);

  useEffect(() => {
    if (!pictures || !languageReady) return;
    let cancelled = false;
    // Charts lay themselves out on the next frames (ResizeObserver); the fonts must be in before printing.
    void window.document.fonts.ready.then(() => new Promise((resolve) => setTimeout(resolve, 300))).then(() => {
      if (!cancelled) announce(true);
    });
    return () => { cancelled = true; };
  }, [pictures, languageReady]);

  if (!document) return <p>No report to print.</p>;
  return <ReportView document={document} pictures={pictures ?? new Map()} />;
}
