/**
 * The editing side of the map screen: the editor for one map (or the visitor's local map) with its
 * panels in the sidebar (a bottom sheet on phones, see panels-drawer.tsx) and its indicators over
 * the map. The editor itself draws the areas on the map through the adapter (see
 * src/editor/editor-context.tsx).
 */
import type { ReactNode } from 'react';
import type { MapDocument } from '@catchment/domain';
import { EditorProvider, SaveIndicator, UndoToast, useEditorShortcuts } from '../editor/index.js';
import { CreateAreaPanel, LayersPanel } from '../panels/index.js';
import { AnalysisPanel } from '../analysis/analysis-panel.js';
import { DatasetsView } from '../datasets/datasets-view.js';
import { HeatmapView } from '../heatmap/heatmap-view.js';
import { SearchesView } from '../searches/searches-view.js';
import { ShareButton } from '../sharing/share-button.js';
import { MapListSync } from '../realtime/map-list-sync.js';
import { FitOnOpen } from './fit-on-open.js';
import { InHeader } from './header-slot.js';
import { PanelsDrawer } from './panels-drawer.js';
import { usePhoneLayout } from './screen-size.js';

interface MapEditorProps {
  document: MapDocument | null;
  onConflict(): void;
  /** Banners shown above the map (read-only, visitor notice). */
  banner?: ReactNode;
}

export function MapEditor({ document, onConflict, banner }: MapEditorProps) {
  // On phones the sidebar is a sheet that is mostly closed: the title and save status go to the header.
  const phone = usePhoneLayout();
  const heading = (
    <>
      {document && <h1 className={phone ? 'header-title' : 'sidebar-title'} data-testid="map-title" title={document.title}>{document.title}</h1>}
      <SaveIndicator />
    </>
  );
  const share = document && <ShareButton map={document} />;
  return (
    <EditorProvider document={document} onConflict={onConflict}>
      <EditorShortcuts />
      {document && <MapListSync document={document} />}
      <FitOnOpen mapKey={document ? `map:${document.id}` : 'visitor'} />
      <PanelsDrawer>
        {phone
          ? <><InHeader>{heading}</InHeader>{share && <div className="sidebar-header">{share}</div>}</>
          : <div className="sidebar-header">{heading}{share}</div>}
        <CreateAreaPanel />
        <LayersPanel mapId={document ? String(document.id) : null} />
      </PanelsDrawer>
      <div className="map-top">{banner}</div>
      <HeatmapView mapId={document ? String(document.id) : null} />
      {/* The map's business searches and the user's own data: drawn on the map, listed in the analysis panel's tabs. */}
      <SearchesView mapId={document ? String(document.id) : null}>
        <DatasetsView mapId={document ? String(document.id) : null} canEdit={document?.canEdit ?? false}>
          <AnalysisPanel mapId={document ? String(document.id) : null} />
        </DatasetsView>
      </SearchesView>
      <UndoToast />
    </EditorProvider>
  );
}

function EditorShortcuts() {
  useEditorShortcuts();
  return null;
}
