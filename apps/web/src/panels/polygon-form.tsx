/**
 * Manual polygon: the user draws the outline on the map (the adapter's drawing mode); an outline
 * that crosses itself is refused with the shared validation message.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateAreaGeometry, type PolygonGeometry } from '@catchment/domain';
import { useEditor } from '../editor/editor-context.js';
import { allAreas } from '../editor/editor-state.js';
import { useMapAdapter } from '../map/map-context.js';
import { useCreateAreas } from './use-create-areas.js';

export function PolygonForm() {
  const { t } = useTranslation();
  const id = useId();
  const adapter = useMapAdapter();
  const { state } = useEditor();
  const createAreas = useCreateAreas();
  const [label, setLabel] = useState('');
  const [drawing, setDrawing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const polygonCount = allAreas(state).filter((area) => area.isoMode === 'polygon').length;
  const defaultLabel = t('createArea.polygonLabel', { n: polygonCount + 1 });

  const draw = async () => {
    if (!adapter || drawing) return;
    setError(null);
    setDrawing(true);
    const drawn = await adapter.drawPolygon();
    setDrawing(false);
    if (!drawn) return;
    const geometry = drawn as PolygonGeometry;
    const validation = validateAreaGeometry(geometry);
    if (!validation.valid) {
      setError(t(validation.reason));
      return;
    }
    const outcome = createAreas([{ label: label.trim() || defaultLabel, isoMode: 'polygon', operation: 'manualArea', geometry }]);
    setError(null);
    if (outcome.ok) setLabel(''); // Otherwise the limit popup says why.
  };

  return (
    <div className="create-form" data-testid="polygon-form">
      <p className="panel-note">{t('createArea.polygonHint')}</p>
      <div className="field">
        <label htmlFor={`${id}-label`}>{t('createArea.label')}</label>
        <input id={`${id}-label`} type="text" value={label} placeholder={defaultLabel} maxLength={200} onChange={(event) => setLabel(event.target.value)} />
      </div>
      {error && <p className="form-error" role="alert" data-testid="create-error">{error}</p>}
      <button type="button" className="button button-primary button-block" onClick={() => void draw()} disabled={!adapter || drawing} data-testid="draw-polygon">
        {drawing ? t('createArea.drawing') : t('createArea.draw')}
      </button>
    </div>
  );
}
