/**
 * What the "my data" tab, the import wizard and the map share about the user's own datasets, for
 * as long as a map is open: the wizard (opened from the tab, above the map), the plan's limit
 * popup an import can meet (INSUFFICIENT_STORAGE: the pins, with the plan that holds the file),
 * and the datasets drawn on the map (DatasetsOnMap), whether the analysis panel is open or not,
 * kept in step with changes made elsewhere (useMapDatasetsListSync) and with the user's imports
 * as they go on (useDatasetEvents).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { LimitDialog, type LimitReached } from '../editor/limit-popup.js';
import { DatasetsOnMap } from './datasets-on-map.js';
import { ImportWizard } from './import-wizard.js';
import { useDatasetEvents, useMapDatasetsListSync } from './use-datasets.js';
import './datasets.css';

export interface DatasetsViewValue {
  /** The saved map (null: a visitor's map; own data needs an account). */
  mapId: string | null;
  /** Whether the user may change the map's datasets (a member of the map). */
  canEdit: boolean;
  /** Opens the import wizard. */
  openImport(): void;
  /** The plan's pins cannot hold a file: the limit popup. */
  showPinsLimit(refusal: Extract<LimitReached, { kind: 'pins' }>): void;
}

const DatasetsViewContext = createContext<DatasetsViewValue | null>(null);

export function DatasetsView({ mapId, canEdit, children }: { mapId: string | null; canEdit: boolean; children: ReactNode }) {
  const [importing, setImporting] = useState(false);
  const [limit, setLimit] = useState<Extract<LimitReached, { kind: 'pins' }> | null>(null);
  useMapDatasetsListSync(mapId);
  useDatasetEvents();
  const openImport = useCallback(() => setImporting(true), []);
  const value = useMemo<DatasetsViewValue>(() => ({ mapId, canEdit, openImport, showPinsLimit: setLimit }), [mapId, canEdit, openImport]);
  // "Back to the import": the wizard is under the popup, its file step's button focused.
  const backToImport = () => document.querySelector<HTMLElement>('[data-testid="import-wizard"] [data-testid="import-back"]')?.focus();
  return (
    <DatasetsViewContext.Provider value={value}>
      {children}
      {mapId !== null && <DatasetsOnMap mapId={mapId} />}
      {importing && <ImportWizard onClose={() => setImporting(false)} />}
      {/* Mounted only while shown: the areas' limit popup is the page's other one. */}
      {limit && <LimitDialog refusal={limit} visitor={false} onClose={() => setLimit(null)} onManage={backToImport} />}
    </DatasetsViewContext.Provider>
  );
}

export function useDatasetsView(): DatasetsViewValue {
  const value = useContext(DatasetsViewContext);
  if (!value) throw new Error('useDatasetsView must be used inside DatasetsView');
  return value;
}
