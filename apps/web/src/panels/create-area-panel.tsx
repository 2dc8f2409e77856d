/** The create-area panel: one tab per way of making an area (create-modes.ts). */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../editor/editor-context.js';
import { useAreaEditing } from '../editor/use-area-editing.js';
import { useMapAdapter } from '../map/map-context.js';
import { CreateModeSwitch } from './create-mode-switch.js';
import { CREATE_MODES } from './create-modes.js';
import { EditAreaPanel } from './edit-area-panel.js';
import './panels.css';

export function CreateAreaPanel() {
  const { t } = useTranslation();
  const id = useId();
  const { canEdit } = useEditor();
  const adapter = useMapAdapter();
  const [modeId, setModeId] = useState(CREATE_MODES[0]!.id);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const mode = CREATE_MODES.find((item) => item.id === modeId) ?? CREATE_MODES[0]!;
  const { editing } = useAreaEditing();

  if (!canEdit) return null;
  // Editing an area's recipe takes the panel's place; creating comes back once it is saved or cancelled.
  if (editing?.kind === 'parameters') return <EditAreaPanel uuid={editing.uuid} />;

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + CREATE_MODES.length) % CREATE_MODES.length;
    setModeId(CREATE_MODES[next]!.id);
    tabs.current[next]?.focus();
  };

  return (
    <section className="panel create-area-panel" data-testid="create-area-panel" aria-labelledby={`${id}-title`}>
      <h2 className="panel-title" id={`${id}-title`}>{t('createArea.title')}</h2>
      <div className="panel-tabs" role="tablist" aria-label={t('createArea.modesLabel')}>
        {CREATE_MODES.map((item, index) => (
          <button
            key={item.id}
            ref={(element) => { tabs.current[index] = element; }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.id}`}
            aria-selected={item.id === mode.id}
            aria-controls={`${id}-tabpanel`}
            tabIndex={item.id === mode.id ? 0 : -1}
            className={item.id === mode.id ? 'panel-tab panel-tab-active' : 'panel-tab'}
            data-testid={`create-mode-${item.id}`}
            onClick={() => setModeId(item.id)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {t(item.labelKey)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-tabpanel`} aria-labelledby={`${id}-tab-${mode.id}`}>
        {!adapter && <p className="panel-note">{t('createArea.mapLoading')}</p>}
        <CreateModeSwitch.Provider value={setModeId}>
          <mode.Form key={mode.id} />
        </CreateModeSwitch.Provider>
      </div>
    </section>
  );
}
