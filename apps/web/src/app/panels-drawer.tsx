/**
 * The sidebar holding the editor's panels. On wide screens and tablets it is a column beside the
 * map, always shown. On phones it is a bottom sheet under the map, closed at first so the map has
 * the screen: a button over the map opens it, its Hide button and Escape close it (the focus goes
 * back and forth between them), and the map above it stays usable — MapLibre follows its
 * container's size, so the map resizes as the sheet opens and closes. Editing an area's recipe
 * opens the sheet, where that form is.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaEditing } from '../editor/use-area-editing.js';
import { Icon } from '../panels/icons.js';
import { usePhoneLayout } from './screen-size.js';

export function PanelsDrawer({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const phone = usePhoneLayout();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const hide = useRef<HTMLButtonElement>(null);
  const { editing } = useAreaEditing();

  const editingRecipe = editing?.kind === 'parameters';
  useEffect(() => { if (editingRecipe) setOpen(true); }, [editingRecipe]);

  // The focus follows the sheet: into it when it opens, back to its button when it closes.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (phone && open && !wasOpen.current) hide.current?.focus();
    if (phone && !open && wasOpen.current) toggle.current?.focus();
    wasOpen.current = open;
  }, [phone, open]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // What is inside the sheet takes its own Escape first (menus, suggestions, a rename…).
    if (!phone || event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    setOpen(false);
  };

  return (
    <>
      <aside id={id} className="sidebar" aria-label={t('titles.map')} data-testid="sidebar"
        data-sheet={phone ? (open ? 'open' : 'closed') : undefined} onKeyDown={onKeyDown}>
        {phone && (
          <div className="sheet-bar">
            <span className="sheet-title">{t('map.panelsTitle')}</span>
            <button ref={hide} type="button" className="button button-small button-ghost" aria-controls={id} aria-expanded={true}
              data-testid="panels-hide" onClick={() => setOpen(false)}>
              <Icon name="chevronDown" />
              {t('map.hidePanels')}
            </button>
          </div>
        )}
        {children}
      </aside>
      {phone && !open && (
        <button ref={toggle} type="button" className="button panels-toggle" aria-controls={id} aria-expanded={false}
          data-testid="panels-toggle" onClick={() => setOpen(true)}>
          <Icon name="layers" />
          {t('map.showPanels')}
        </button>
      )}
    </>
  );
}
