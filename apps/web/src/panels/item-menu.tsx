/**
 * The "more actions" menu of a layer or an area row: rename, move, delete… (or, given `buttonText`,
 * a menu behind a labelled button, such as the map's exports). Closes on Escape, on a click outside
 * and after a choice; arrow keys move between its items.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon, type IconName } from './icons.js';

export interface MenuAction {
  label: string;
  icon: IconName;
  onSelect(): void;
  disabled?: boolean;
  danger?: boolean;
  testId: string;
  /** Shown as the entry's tooltip, e.g. why it is disabled. */
  hint?: string;
}

interface ItemMenuProps {
  label: string;
  actions: MenuAction[];
  testId: string;
  /** Text shown on the button, beside `buttonIcon`; without it the button is the "more" icon alone. */
  buttonText?: string;
  buttonIcon?: IconName;
}

export function ItemMenu({ label, actions, testId, buttonText, buttonIcon = 'more' }: ItemMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    // Wholly in view (above the selection bar, by the sidebar's scroll padding), then its first item focused.
    root.current?.querySelector('[role="menu"]')?.scrollIntoView({ block: 'nearest' });
    root.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')?.focus({ preventScroll: true });
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? [])];
    const current = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = (current + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <div className="item-menu" ref={root}>
      <button ref={button} type="button" className={buttonText ? 'button button-small' : 'icon-button'} aria-haspopup="menu" aria-expanded={open} aria-controls={id}
        aria-label={label} title={label} data-testid={testId} onClick={() => setOpen(!open)}>
        <Icon name={buttonIcon} />
        {buttonText}
      </button>
      {open && (
        <div className="menu item-menu-popup" id={id} role="menu" aria-label={label} onKeyDown={onMenuKey}>
          {actions.map((action) => (
            <button key={action.testId} type="button" role="menuitem" disabled={action.disabled} data-testid={action.testId} title={action.hint}
              className={action.danger ? 'menu-item item-menu-entry item-menu-danger' : 'menu-item item-menu-entry'}
              onClick={() => { setOpen(false); action.onSelect(); }}>
              <Icon name={action.icon} />
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
