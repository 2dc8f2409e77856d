/**
 * Short notices at the bottom of the screen (conflicts, saved copies, undo…). show() returns the
 * toast's id; a toast closes after durationMs (0 keeps it until dismissed) or when its action runs.
 */
import type { TFunction } from 'i18next';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A toast's words: fixed, or written in the current language each time the toast is drawn, so
 * that a toast shown before the user changes the language reads in the new one.
 */
export type ToastText = string | ((t: TFunction) => string);

export interface ToastAction { label: ToastText; onClick(): void }

export interface ToastOptions {
  message: ToastText;
  action?: ToastAction;
  /** How long it stays, in milliseconds; 0 = until dismissed. Default 5 000. */
  durationMs?: number;
  tone?: 'info' | 'error' | 'success';
  /** data-testid of the toast element, for browser tests. */
  testId?: string;
}

interface Toast extends ToastOptions { id: number }

export interface Toasts {
  show(options: ToastOptions): number;
  dismiss(id: number): void;
}

const DEFAULT_DURATION_MS = 5_000;
const ToastsContext = createContext<Toasts | null>(null);

export function ToastsProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...options, id }]);
    const durationMs = options.durationMs ?? DEFAULT_DURATION_MS;
    if (durationMs > 0) timers.current.set(id, setTimeout(() => dismiss(id), durationMs));
    return id;
  }, [dismiss]);

  useEffect(() => {
    const pending = timers.current;
    return () => { for (const timer of pending.values()) clearTimeout(timer); };
  }, []);

  const value = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastsContext.Provider value={value}>
      {children}
      <ToastList toasts={toasts} dismiss={dismiss} />
    </ToastsContext.Provider>
  );
}

/**
 * The list is a manual popover, so that it sits in the browser's top layer: a modal <dialog> (My
 * maps) would otherwise cover it. Showing it again after a change puts it above a dialog opened since.
 */
function ToastList({ toasts, dismiss }: { toasts: Toast[]; dismiss(id: number): void }) {
  const { t } = useTranslation();
  const text = (words: ToastText) => (typeof words === 'string' ? words : words(t));
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = region.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) element.hidePopover();
    if (toasts.length > 0) element.showPopover();
  }, [toasts]);
  return (
    <div ref={region} popover="manual" className="toasts" role="region" aria-label={t('toasts.region')} aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone ?? 'info'}`} role={toast.tone === 'error' ? 'alert' : 'status'} data-testid={toast.testId}>
          <span className="toast-message">{text(toast.message)}</span>
          {toast.action && (
            <button type="button" className="button button-link toast-action" onClick={() => { toast.action?.onClick(); dismiss(toast.id); }}>
              {text(toast.action.label)}
            </button>
          )}
          <button type="button" className="icon-button toast-dismiss" aria-label={t('toasts.dismiss')} onClick={() => dismiss(toast.id)}>×</button>
        </div>
      ))}
    </div>
  );
}

export function useToasts(): Toasts {
  const toasts = useContext(ToastsContext);
  if (!toasts) throw new Error('useToasts() needs a ToastsProvider');
  return toasts;
}
