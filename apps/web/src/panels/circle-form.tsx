/**
 * 'As the crow flies': a circle around a starting point found by place search or picked on the
 * map, with a radius in the user's unit. The circle is previewed on the map as it is set up, and
 * drawn at once on creation (the server's circle replaces it when the save comes back).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { circlePolygon } from '@catchment/domain';
import { useDistanceUnit } from '../app/distance-unit.js';
import { useMapAdapter } from '../map/map-context.js';
import { StartPointField, type StartPoint } from './start-point-field.js';
import { defaultDistanceText, distanceReasonText, formatRadius, parseRadius, radiusText } from './radius.js';
import { useCreateAreas } from './use-create-areas.js';
import { editedStart, initialEditLabel, startFields, useCentreHandle, useSaveAreaEdit, type AreaEdit } from './area-edit.js';
import { EditActions, EditedStart } from './area-edit-fields.js';

/** With `edit`, the form changes that circle (prefilled, centre draggable on the map) instead of creating one. */
export function CircleForm({ edit }: { edit?: AreaEdit } = {}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const adapter = useMapAdapter();
  const { unit } = useDistanceUnit();
  const createAreas = useCreateAreas();
  const saveEdit = useSaveAreaEdit();
  const circleLabel = (name: string, meters: number) => `${name} – ${formatRadius(meters, unit, i18n.language)}`;
  const [start, setStart] = useState<StartPoint | null>(() => (edit ? editedStart(edit.area, t) : null));
  const [radius, setRadius] = useState(() => ({ text: edit?.area.distance ? radiusText(edit.area.distance, unit) : defaultDistanceText(unit), unit }));
  const [label, setLabel] = useState<string | null>(() => {
    const before = edit && editedStart(edit.area, t);
    return edit && before && edit.area.distance ? initialEditLabel(edit.area, circleLabel(before.name, edit.area.distance)) : null;
  });
  const [error, setError] = useState<string | null>(null);
  const [searchKey, setSearchKey] = useState(0);

  // The radius follows a change of unit, converted, so the circle keeps its size.
  if (radius.unit !== unit) {
    const parsed = parseRadius(radius.text, radius.unit);
    setRadius({ text: parsed.valid ? radiusText(parsed.distanceMeters, unit) : radius.text, unit });
  }
  const parsed = parseRadius(radius.text, unit);
  const distanceMeters = parsed.valid ? parsed.distanceMeters : null;
  const defaultLabel = start && distanceMeters ? circleLabel(start.name, distanceMeters) : '';

  useEffect(() => {
    if (!adapter) return undefined;
    adapter.showPreview(start && distanceMeters ? circlePolygon(start.center, distanceMeters) : null);
    return () => adapter.showPreview(null);
  }, [adapter, start, distanceMeters]);

  const showWhole = (center: [number, number]) => {
    if (adapter && distanceMeters) adapter.fitTo(circlePolygon(center, distanceMeters), { maxZoom: 14 });
    else adapter?.flyTo(center, 10);
  };

  const chooseStart = (next: StartPoint) => {
    setStart(next);
    setError(null);
    if (!next.picked) showWhole(next.center);
  };
  useCentreHandle(edit ? start : null, chooseStart);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!start) {
      setError(t('validation.startPointRequired'));
      return;
    }
    if (!parsed.valid) {
      setError(distanceReasonText(parsed.reason, unit, i18n.language, t));
      return;
    }
    const geometry = circlePolygon(start.center, parsed.distanceMeters);
    const areaLabel = (label ?? defaultLabel).trim() || defaultLabel;
    if (edit) {
      if (saveEdit(edit.area.uuid, { ...startFields(start), distance: parsed.distanceMeters, geometry, label: areaLabel })) edit.onDone();
      return;
    }
    const outcome = createAreas([{
      label: areaLabel,
      isoMode: 'isodistance',
      transportMode: 'circle',
      distance: parsed.distanceMeters,
      startPoint: start.center,
      startAddress: start.picked ? null : start.name,
      geometry,
    }]);
    if (!outcome.ok) return; // The limit popup says why.
    setError(null);
    adapter?.fitTo(geometry, { maxZoom: 14 });
    setStart(null);
    setLabel(null);
    setSearchKey((key) => key + 1);
  };

  const radiusError = parsed.valid ? null : distanceReasonText(parsed.reason, unit, i18n.language, t);
  return (
    <form className="create-form" onSubmit={submit} noValidate data-testid="circle-form">
      <StartPointField key={searchKey} start={start} onChange={chooseStart} />
      {edit && <EditedStart start={start} />}
      <div className={radiusError ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${id}-radius`}>{t('createArea.radius', { unit: t(`units.${unit}`) })}</label>
        <input
          id={`${id}-radius`}
          type="text"
          inputMode="decimal"
          value={radius.text}
          aria-invalid={!!radiusError}
          data-testid="radius-input"
          onChange={(event) => setRadius({ text: event.target.value, unit })}
        />
        {radiusError && <p className="field-error" role="alert">{radiusError}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-label`}>{t('createArea.label')}</label>
        <input
          id={`${id}-label`}
          type="text"
          value={label ?? defaultLabel}
          maxLength={200}
          data-testid="area-label-input"
          onChange={(event) => setLabel(event.target.value)}
        />
      </div>
      {error && <p className="form-error" role="alert" data-testid="create-error">{error}</p>}
      {edit ? <EditActions canSave={!!start && parsed.valid} onCancel={edit.onDone} /> : (
        <button type="submit" className="button button-primary button-block" disabled={!start || !parsed.valid} data-testid="create-area-submit">
          {t('createArea.create')}
        </button>
      )}
    </form>
  );
}
