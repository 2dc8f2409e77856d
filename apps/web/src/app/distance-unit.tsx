/**
 * The distance unit (km or mi) shared by the header switch, the map scale and the editor panels.
 * The user's choice is saved in the browser; until then it follows the country (SPEC §9).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { DistanceUnit } from '@catchment/domain';
import { useSession } from '../auth/use-session.js';
import { DISTANCE_UNIT_STORAGE_KEY, initialDistanceUnit } from './distance-unit-choice.js';

export interface DistanceUnitChoice {
  unit: DistanceUnit;
  setUnit(unit: DistanceUnit): void;
}

const DistanceUnitContext = createContext<DistanceUnitChoice | null>(null);

function readSaved(): string | null {
  try {
    return window.localStorage.getItem(DISTANCE_UNIT_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function DistanceUnitProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  // An explicit choice made in this page; otherwise derived from storage, account and browser.
  const [chosen, setChosen] = useState<DistanceUnit | null>(null);
  const unit = chosen ?? initialDistanceUnit({
    saved: readSaved(),
    userCountry: user?.country,
    browserLanguages: navigator.languages ?? [navigator.language],
  });
  const setUnit = useCallback((next: DistanceUnit) => {
    try {
      window.localStorage.setItem(DISTANCE_UNIT_STORAGE_KEY, next);
    } catch {
      // Storage may be unavailable (private browsing): the choice lasts for this page.
    }
    setChosen(next);
  }, []);
  const value = useMemo(() => ({ unit, setUnit }), [unit, setUnit]);
  return <DistanceUnitContext.Provider value={value}>{children}</DistanceUnitContext.Provider>;
}

/** { unit, setUnit } — distances typed or shown by the panels use this unit (see toMeters/fromMeters in the domain). */
export function useDistanceUnit(): DistanceUnitChoice {
  const choice = useContext(DistanceUnitContext);
  if (!choice) throw new Error('useDistanceUnit() needs a DistanceUnitProvider');
  return choice;
}
