/**
 * Travel time (isochrone) and distance by road (isodistance): a starting point (or up to ten, for
 * one area reached from any of them), leaving it or arriving at it, a transport mode and one or
 * more values. Preview asks the server for the polygons (with a progress bar and a
 * Cancel button); Create adds one area per value, the server computing and storing each one.
 * Where no road network is loaded, the server's message comes with the regions that are loaded,
 * each a button taking the map there, and a way to draw a circle instead.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTED_TRANSPORT_MODES, type IsochroneDirection, type RoadNetwork, type RoutedIsoMode, type RoutedTransportMode } from '@catchment/domain';
import { DepartureField } from './departure-field.js';
import { departureFieldsAt, departureIso, departureNow, userTimeZone, type DepartureFields } from './departure-time.js';
import { ApiError, isAbortError } from '../api/client.js';
import { fetchIsochrones, type IsochroneAnswer } from '../api/isochrones.js';
import { useDistanceUnit } from '../app/distance-unit.js';
import { useMapAdapter } from '../map/map-context.js';
import { distanceReasonText } from './radius.js';
import { defaultRoutedText, formatRoutedValue, parseRoutedValues } from './routed-values.js';
import { bboxPolygon, RoadNetworkChoice } from './road-network-choice.js';
import { StartPointField, type StartPoint } from './start-point-field.js';
import { useSwitchCreateMode } from './create-mode-switch.js';
import { useCreateAreas } from './use-create-areas.js';
import {
  editedOtherStarts, editedStart, initialEditLabel, routedValueText, startFields, useCentreHandle, useSaveAreaEdit, type AreaEdit,
} from './area-edit.js';
import { EditActions, EditedStart } from './area-edit-fields.js';
import { DirectionSwitch } from './direction-switch.js';
import { StartList } from './start-list.js';
import { startsRequest, withoutStart, withStart } from './routed-starts.js';

/** SPEC §4: outside France, truck falls back to car (transit stays: where it is offered is the server's configuration, which says so). */
const FRANCE_ONLY_MODES: readonly string[] = ['truck', 'heavy_truck'];

interface Computation { key: string; answer: IsochroneAnswer }

/** The road modes, and public transport (travel times from one start, leaving at a chosen time). */
type FormMode = RoutedTransportMode | 'transit';

/** The API's code for a start point no loaded road network covers: the regions loaded and the circle mode are offered. */
const NO_ROAD_NETWORK = 'NO_ROAD_NETWORK';

interface FormError { message: string; noRoadNetwork?: boolean }

/**
 * With `edit`, the form changes that area (prefilled, one value, centre draggable on the map):
 * computed like a preview, then saved as one change; a failure leaves the area as it was.
 */
export function RoutedForm({ isoMode, edit }: { isoMode: RoutedIsoMode; edit?: AreaEdit }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const adapter = useMapAdapter();
  const { unit } = useDistanceUnit();
  const createAreas = useCreateAreas();
  const switchMode = useSwitchCreateMode();
  const saveEdit = useSaveAreaEdit();
  const editedValue = edit ? (isoMode === 'isochrone' ? edit.area.duration : edit.area.distance) : null;
  const [start, setStart] = useState<StartPoint | null>(() => (edit ? editedStart(edit.area, t) : null));
  /** The starts after the first, for an area reached from several. */
  const [otherStarts, setOtherStarts] = useState<StartPoint[]>(() => (edit ? editedOtherStarts(edit.area, t) : []));
  const [direction, setDirection] = useState<IsochroneDirection>(() => edit?.area.direction ?? 'departure');
  const [mode, setMode] = useState<FormMode>(() => (edit?.area.transportMode as FormMode | undefined) ?? 'car');
  // The departure is on the user's clock, which the field names (a saved one shows as the same instant there).
  const [timeZone] = useState(userTimeZone);
  const [departure, setDeparture] = useState<DepartureFields>(() =>
    (edit?.area.departureDate ? departureFieldsAt(edit.area.departureDate, timeZone) : null) ?? departureNow(new Date(), timeZone));
  // Transit is offered for travel-time areas, new or edited: one start, leaving or reaching it, at a date and time.
  const modes: readonly FormMode[] = isoMode === 'isochrone' ? [...ROUTED_TRANSPORT_MODES, 'transit'] : ROUTED_TRANSPORT_MODES;
  const transit = mode === 'transit';
  const departureDate = transit ? departureIso(departure, timeZone) : null;
  const [notice, setNotice] = useState<string | null>(null);
  const [valuesText, setValuesText] = useState(() => (editedValue ? routedValueText(editedValue, isoMode, unit) : defaultRoutedText(isoMode, unit)));
  const [error, setError] = useState<FormError | null>(null);
  /** The loaded region the user went to after asking where there was none: said until a start point is chosen. */
  const [regionChosen, setRegionChosen] = useState<RoadNetwork | null>(null);
  const [busySince, setBusySince] = useState<number | null>(null);
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const [computed, setComputed] = useState<Computation | null>(null);
  const [formKey, setFormKey] = useState(0);
  const request = useRef<AbortController | null>(null);

  const valuesParsed = parseRoutedValues(valuesText, isoMode, unit);
  // An area is one band: an edit takes one value.
  const parsed = edit && valuesParsed.valid && valuesParsed.values.length > 1 ? { valid: false as const, reason: 'editArea.oneValue' } : valuesParsed;
  const starts = start ? [start, ...(transit ? [] : otherStarts)] : [];
  const centers = starts.map((item) => item.center);
  // "Port +2 – 10 min by car"; an arrival area says so: "Arrival at Port – 10 min by car".
  const routedLabel = (place: string, value: number, transportMode: FormMode, towards: IsochroneDirection, others: number) =>
    t(towards === 'arrival' ? 'createArea.routedArrivalLabel' : 'createArea.routedLabel', {
      place: others > 0 ? t('createArea.severalStartsPlace', { place, count: others }) : place,
      value: formatRoutedValue(value, isoMode, unit, i18n.language), mode: t(`createArea.byMode.${transportMode}`),
    });
  const ready = !!start && parsed.valid && (!transit || departureDate !== null);
  const key = ready ? JSON.stringify([centers, direction, mode, parsed.values, departureDate]) : null;
  const preview = computed && computed.key === key ? computed.answer : null;

  // The preview shows the largest band; it goes when the inputs change or the form closes.
  useEffect(() => {
    if (!adapter) return undefined;
    adapter.showPreview(preview ? preview.features[preview.features.length - 1]?.geometry ?? null : null);
    return () => adapter.showPreview(null);
  }, [adapter, preview]);

  // Elapsed time under the progress bar, and Escape to cancel.
  useEffect(() => {
    if (busySince === null) return undefined;
    const timer = window.setInterval(() => setElapsedSeconds(Math.floor((Date.now() - busySince) / 1000)), 250);
    const onKey = (event: KeyboardEvent) => { if (event.key === 'Escape') request.current?.abort(); };
    document.addEventListener('keydown', onKey);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [busySince]);

  useEffect(() => () => request.current?.abort(), []);

  const chooseStart = (next: StartPoint) => {
    setStart(next);
    setError(null);
    setRegionChosen(null);
    // Place countries come upper-case from the API ('FR').
    if (next.country && next.country.toLowerCase() !== 'fr' && FRANCE_ONLY_MODES.includes(mode)) {
      setMode('car');
      setNotice(t('createArea.truckReset'));
    } else setNotice(null);
    if (!next.picked) adapter?.flyTo(next.center, 11);
  };
  useCentreHandle(edit ? start : null, chooseStart);

  const addStart = (next: StartPoint) => setOtherStarts(withStart(starts, next).slice(1));
  const removeStart = (index: number) => {
    const rest = withoutStart(starts, index);
    setStart(rest[0] ?? null);
    setOtherStarts(rest.slice(1));
  };

  const compute = async (): Promise<IsochroneAnswer | null> => {
    if (!start) {
      setError({ message: t('validation.startPointRequired') });
      return null;
    }
    if (!parsed.valid) {
      setError({ message: distanceReasonText(parsed.reason, unit, i18n.language, t) });
      return null;
    }
    if (transit && !departureDate) return null;
    if (preview) return preview;
    const controller = new AbortController();
    request.current = controller;
    setBusySince(Date.now());
    setElapsedSeconds(0);
    setError(null);
    try {
      const answer = await fetchIsochrones({
        ...startsRequest(centers), ...(direction === 'arrival' ? { direction } : {}), isoMode, transportMode: mode, values: parsed.values,
        ...(departureDate ? { departureDate } : {}),
      }, controller.signal);
      setComputed({ key: key!, answer });
      const largest = answer.features[answer.features.length - 1];
      if (largest) adapter?.fitTo(largest.geometry, { maxZoom: 15 });
      return answer;
    } catch (caught) {
      if (isAbortError(caught)) setError({ message: t('createArea.cancelled') });
      else if (caught instanceof ApiError) setError({ message: caught.message, noRoadNetwork: caught.code === NO_ROAD_NETWORK });
      else setError({ message: t('errors.areaCannotBeCalculated') });
      return null;
    } finally {
      request.current = null;
      setBusySince(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await compute();
    if (!answer || !start) return;
    if (edit) {
      const band = answer.features[0];
      if (!band) return;
      const value = band.properties.value;
      const before = editedStart(edit.area, t);
      const kept = before && editedValue && edit.area.transportMode
        ? initialEditLabel(edit.area, routedLabel(before.name, editedValue, edit.area.transportMode as FormMode,
          edit.area.direction, Math.max(0, (edit.area.startPoints?.length ?? 0) - 1)))
        : edit.area.label;
      const saved = saveEdit(edit.area.uuid, {
        ...startFields(start),
        startPoints: centers.length > 1 ? centers : null,
        direction,
        transportMode: mode,
        // As the server gives it back (UTC), so an unchanged departure is no change; other modes have none.
        departureDate: departureDate ? new Date(departureDate).toISOString() : null,
        ...(isoMode === 'isochrone' ? { duration: value } : { distance: value }),
        geometry: band.geometry,
        label: kept ?? routedLabel(start.name, value, mode, direction, centers.length - 1),
      });
      if (saved) edit.onDone();
      return;
    }
    const outcome = createAreas(answer.features.map((feature) => ({
      label: routedLabel(start.name, feature.properties.value, mode, direction, centers.length - 1),
      isoMode,
      transportMode: mode,
      ...(isoMode === 'isochrone' ? { duration: feature.properties.value } : { distance: feature.properties.value }),
      startPoint: start.center,
      startPoints: centers.length > 1 ? centers : null,
      direction,
      ...(departureDate ? { departureDate } : {}),
      startAddress: start.picked ? null : start.name,
      geometry: feature.geometry,
    })).reverse()); // The largest band first, so the smaller ones are drawn on top of it.
    if (!outcome.ok) return; // The limit popup says why.
    setComputed(null);
    setStart(null);
    setOtherStarts([]);
    setNotice(null);
    setFormKey((value) => value + 1);
  };

  // Starts over in the chosen region: the map goes there, the start field is emptied and takes the focus.
  const goToRegion = (region: RoadNetwork) => {
    adapter?.fitTo(bboxPolygon(region.bbox), { maxZoom: 13 });
    setStart(null);
    setOtherStarts([]);
    setError(null);
    setNotice(null);
    setRegionChosen(region);
    setFormKey((value) => value + 1);
  };

  const busy = busySince !== null;
  const previewButton = (
    <button type="button" className="button" disabled={!ready || busy || !!preview} onClick={() => void compute()}
      data-testid="routed-preview">
      {t('createArea.preview')}
    </button>
  );
  const valuesError = parsed.valid ? null : distanceReasonText(parsed.reason, unit, i18n.language, t);
  const valuesLabel = isoMode === 'isochrone' ? t('createArea.minutes') : t('createArea.distance', { unit: t(`units.${unit}`) });
  return (
    <form className="create-form" onSubmit={(event) => void submit(event)} noValidate data-testid={`${isoMode}-form`}>
      <StartPointField key={formKey} start={start} onChange={chooseStart} autoFocus={regionChosen !== null} />
      {edit && <EditedStart start={start} />}
      {!transit && <StartList starts={starts} onAdd={addStart} onRemove={removeStart} markFrom={edit ? 1 : 0} />}
      <DirectionSwitch value={direction} onChange={setDirection} />
      {regionChosen && (
        <p className="panel-note" role="status" data-testid="road-network-chosen">{t('createArea.roadNetworkChosen', { name: regionChosen.name })}</p>
      )}
      <div className="field">
        <label htmlFor={`${id}-mode`}>{t('createArea.transportMode')}</label>
        <select id={`${id}-mode`} value={mode} data-testid="transport-mode"
          onChange={(event) => { setMode(event.target.value as FormMode); setNotice(null); }}>
          {modes.map((item) => <option key={item} value={item}>{t(`createArea.transportModes.${item}`)}</option>)}
        </select>
        {notice && <p className="panel-note" role="status" data-testid="mode-notice">{notice}</p>}
      </div>
      {transit && <DepartureField value={departure} onChange={setDeparture} invalid={departureDate === null} timeZone={timeZone} arriving={direction === 'arrival'} />}
      <div className={valuesError ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${id}-values`}>{valuesLabel}</label>
        <input id={`${id}-values`} type="text" inputMode="decimal" value={valuesText} aria-invalid={!!valuesError}
          aria-describedby={`${id}-values-hint`} data-testid="values-input" onChange={(event) => setValuesText(event.target.value)} />
        {!edit && <p className="panel-note" id={`${id}-values-hint`}>{t('createArea.valuesHint')}</p>}
        {valuesError && <p className="field-error" role="alert">{valuesError}</p>}
      </div>
      {busy && (
        <div className="routing-progress" role="status" data-testid="routing-progress">
          <div className="progress-bar progress-bar-indeterminate" aria-hidden="true"><span /></div>
          <span>{t('createArea.computing', { seconds: elapsedSeconds })}</span>
          <button type="button" className="button button-small" onClick={() => request.current?.abort()} data-testid="routing-cancel">
            {t('app.cancel')}
          </button>
        </div>
      )}
      {error && <p className="form-error" role="alert" data-testid="create-error">{error.message}</p>}
      {error?.noRoadNetwork && <RoadNetworkChoice onChoose={goToRegion} />}
      {error?.noRoadNetwork && switchMode && (
        <button type="button" className="button button-small road-network-circle" onClick={() => switchMode('circle')} data-testid="use-circle-instead">
          {t('createArea.useCircleInstead')}
        </button>
      )}
      {edit ? <EditActions canSave={ready && !busy} onCancel={edit.onDone} before={previewButton} /> : (
        <div className="card-actions">
          {previewButton}
          <button type="submit" className="button button-primary" disabled={!ready || busy} data-testid="create-area-submit">
            {t('createArea.create')}
          </button>
        </div>
      )}
    </form>
  );
}
