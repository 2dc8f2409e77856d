/**
 * Administrative territories: pick a level (communes, IRIS, counties…), click its units on the map
 * or find them by name or code, and make one area of the selection. The server builds the union of
 * the units' boundaries (previewed here) and stores the unit list on the area. Levels known only as
 * points in the loaded data are listed but cannot make areas: there is no boundary to unite.
 * Unions cost the server real work, so they are for logged-in users: a visitor is invited to sign up.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { outlineMinZoom, type AdministrativeKind, type AreaGeometry, type UnitKindSummary, type UnitSummary } from '@catchment/domain';
import { ApiError, isAbortError } from '../api/client.js';
import { fetchUnitKinds, searchUnits, unitsUnion, unitTilesUrl } from '../api/territories.js';
import { useMapAdapter } from '../map/map-context.js';
import { SearchCombobox } from './search-combobox.js';
import { useCreateAreas } from './use-create-areas.js';
import { useEditorSnapshot } from '../editor/editor-context.js';
import { defaultKind, toggleUnit, type SelectedUnit } from './administrative-selection.js';

/** Pause after the last click before the preview is asked for. */
const UNION_PREVIEW_DELAY_MS = 300;

export function AdministrativeForm() {
  const { t } = useTranslation();
  const id = useId();
  const adapter = useMapAdapter();
  const createAreas = useCreateAreas();
  const { isVisitor } = useEditorSnapshot();
  const kinds = useQuery({ queryKey: ['units', 'kinds'], queryFn: fetchUnitKinds, staleTime: 60_000 });
  const [chosenKind, setChosenKind] = useState<AdministrativeKind | null>(null);
  const [selection, setSelection] = useState<SelectedUnit[]>([]);
  const [union, setUnion] = useState<AreaGeometry | null>(null);
  const [error, setError] = useState<string | null>(null);

  const kind = chosenKind ?? (kinds.data ? defaultKind(kinds.data.kinds) : null);
  const summary = kinds.data?.kinds.find((entry) => entry.kind === kind);
  const dataVersion = kinds.data?.version;
  const selectable = summary !== undefined && summary.geometry !== 'point' && !isVisitor;
  const codes = useMemo(() => selection.map((unit) => unit.code), [selection]);

  // The kind's outlines on the map while this mode is open, with the selection highlighted.
  useEffect(() => {
    if (!adapter || !kind || dataVersion === undefined) return undefined;
    adapter.showUnits({ kind, tilesUrl: unitTilesUrl(kind, dataVersion), outlineZoom: outlineMinZoom(kind), labelZoom: summary?.labelZoom ?? 8, selectedCodes: codes });
    return undefined;
  }, [adapter, kind, dataVersion, summary?.labelZoom, codes]);
  useEffect(() => () => adapter?.showUnits(null), [adapter]);

  useEffect(() => {
    if (!adapter || !selectable) return undefined;
    return adapter.onUnitClick((unit) => setSelection((current) => toggleUnit(current, unit)));
  }, [adapter, selectable]);

  // The union of the selection, previewed as the area it will make: asked for once the clicks
  // pause, so a user picking ten communes in a row costs one union, not ten. The server keeps it
  // (by kind and codes), so the area created from this selection reuses it instead of computing it again.
  useEffect(() => {
    if (!kind || codes.length === 0 || !selectable) {
      setUnion(null);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      unitsUnion(kind, codes, controller.signal).then((geometry) => {
        setUnion(geometry);
        setError(null);
      }, (failure: unknown) => {
        if (isAbortError(failure)) return;
        setUnion(null);
        setError(failure instanceof ApiError ? failure.message : t('errors.internal'));
      });
    }, UNION_PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [kind, codes, selectable, t]);
  useEffect(() => {
    adapter?.showPreview(union);
    return () => adapter?.showPreview(null);
  }, [adapter, union]);

  // Escape empties the selection.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setSelection([]);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const chooseKind = (next: AdministrativeKind) => {
    setChosenKind(next);
    setSelection([]);
    setError(null);
  };

  const addFound = (unit: UnitSummary) => {
    setSelection((current) => (current.some((entry) => entry.code === unit.code) ? current : [...current, { code: unit.code, name: unit.name }]));
    const [minX, minY, maxX, maxY] = unit.bbox;
    adapter?.fitTo({ type: 'Polygon', coordinates: [[[minX, minY], [maxX, minY], [maxX, maxY], [minX, maxY], [minX, minY]]] }, { maxZoom: 12 });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!kind || !union || selection.length === 0) return;
    const kindName = t(`unitKinds.${kind}`);
    const label = selection.length <= 3 ? selection.map((unit) => unit.name).join(', ') : t('administrative.labelMany', { count: selection.length, kind: kindName });
    const outcome = createAreas([{ label, isoMode: 'administrative', unitKind: kind, unitCodes: codes, geometry: union }]);
    if (!outcome.ok) return; // The limit popup says why.
    adapter?.fitTo(union, { maxZoom: 13 });
    setSelection([]);
  };

  if (kinds.data && kinds.data.kinds.length === 0) return <p className="panel-note">{t('administrative.noKinds')}</p>;
  if (isVisitor) {
    return (
      <p className="panel-note" data-testid="administrative-visitor-note">
        {t('administrative.visitorNote')} <Link to="/signup">{t('administrative.visitorAction')}</Link>
      </p>
    );
  }

  return (
    <form className="create-form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-kind`}>{t('administrative.kind')}</label>
        <select id={`${id}-kind`} value={kind ?? ''} data-testid="unit-kind-select"
          onChange={(event) => chooseKind(event.target.value as AdministrativeKind)}>
          {!kind && <option value="">{t('administrative.chooseKind')}</option>}
          {(kinds.data?.kinds ?? []).map((entry) => <option key={entry.kind} value={entry.kind}>{kindLabel(entry, t)}</option>)}
        </select>
      </div>
      {summary && !selectable && <p className="panel-note" data-testid="unit-kind-points-only">{t('administrative.pointsOnlyNote')}</p>}
      {kind && selectable && (
        <>
          <div className="field">
            <span className="field-label">{t('administrative.search')}</span>
            <SearchCombobox<UnitSummary>
              queryKey={['units', 'search', kind]}
              search={(query, signal) => searchUnits(kind, query, signal)}
              describe={(unit) => ({ key: unit.code, label: `${unit.name} (${unit.code})`, detail: unit.parentName })}
              onChoose={addFound}
              clearOnChoose
              label={t('administrative.search')}
              placeholder={t('administrative.searchPlaceholder')}
              notFound={t('administrative.noneFound')}
              testIds={{ input: 'unit-search-input', list: 'unit-suggestions', option: 'unit-suggestion', notFound: 'unit-not-found' }}
            />
          </div>
          <p className="panel-note">{t('administrative.clickHint')} {t('administrative.zoomHint', { zoom: outlineMinZoom(kind) })}</p>
          {selection.length > 0 && (
            <div className="unit-selection">
              <div className="unit-selection-header">
                <span data-testid="unit-selection-count">{t('administrative.selection', { count: selection.length })}</span>
                <button type="button" className="button button-small button-ghost" onClick={() => setSelection([])}>{t('administrative.clear')}</button>
              </div>
              <ul className="unit-chips">
                {selection.map((unit) => (
                  <li key={unit.code} className="unit-chip" data-testid="unit-chip" data-code={unit.code}>
                    <span>{unit.name}</span>
                    <button type="button" className="unit-chip-remove" aria-label={t('administrative.remove', { name: unit.name })}
                      onClick={() => setSelection((current) => current.filter((entry) => entry.code !== unit.code))}>×</button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
      {error && <p className="form-error" role="alert" data-testid="create-error">{error}</p>}
      <button type="submit" className="button button-primary button-block" disabled={!union || selection.length === 0} data-testid="create-admin-area-submit">
        {selection.length > 0 && !union && !error ? t('administrative.creating') : t('administrative.create')}
      </button>
    </form>
  );
}

function kindLabel(entry: UnitKindSummary, t: (key: string, options?: Record<string, unknown>) => string): string {
  const name = t(`unitKinds.${entry.kind}`);
  return entry.geometry === 'point' ? t('administrative.pointsOnly', { kind: name }) : name;
}
