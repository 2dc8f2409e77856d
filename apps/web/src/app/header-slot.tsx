/**
 * A place in the header that a page can fill: on phones the map screen puts its title and save
 * status there, as its sidebar is then a sheet that is closed most of the time. The header gives
 * the element (null while it shows no such place) and the page renders into it through a portal.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const HeaderSlotContext = createContext<HTMLElement | null>(null);

export const HeaderSlotProvider = HeaderSlotContext.Provider;

/** Shows its children in the header's slot, or nowhere while the header has none. */
export function InHeader({ children }: { children: ReactNode }) {
  const slot = useContext(HeaderSlotContext);
  return slot ? createPortal(children, slot) : null;
}
