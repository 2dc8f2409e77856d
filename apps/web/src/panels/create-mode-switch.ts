/** Lets a create-area form send the user to another mode (a circle where travel times cannot be computed). */
import { createContext, useContext } from 'react';

export const CreateModeSwitch = createContext<((modeId: string) => void) | null>(null);

/** Switches the create-area panel to another mode's tab; null outside the panel. */
export function useSwitchCreateMode(): ((modeId: string) => void) | null {
  return useContext(CreateModeSwitch);
}
