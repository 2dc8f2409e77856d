/** The compact legend of the embedded view: each visible area's colour and name; folds away to leave the map whole. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayArea } from '../map/map-context.js';

/** Frames narrower than this open with the legend folded, so that it does not hide the map. */
const FOLDED_BELOW_PX = 480;

export function EmbeddedLegend({ areas }: { areas: DisplayArea[] }) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(() => window.innerWidth >= FOLDED_BELOW_PX);
  if (areas.length === 0) return null;
  return (
    <section className="embedded-legend" data-testid="embedded-legend" aria-label={t('embed.legend')}>
      <button type="button" className="embedded-legend-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)} data-testid="embedded-legend-toggle">
        {t('embed.legend')} ({areas.length})
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      {open && (
        <ul id={listId} className="embedded-legend-list">
          {areas.map((area) => (
            <li key={area.uuid} data-testid="embedded-legend-area">
              <span className="embedded-legend-swatch" style={{ background: area.color }} aria-hidden="true" />
              <span>{area.label}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
