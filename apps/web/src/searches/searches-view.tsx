/**
 * What the POI tab and the map share about a map's business searches, for as long as the map is
 * open: which searches are hidden on the map, the business the user chose (in a list or on the
 * map: ringed, and its detail in a popup when chosen on the map), and the popups a search can
 * lead to (the limit popup, the signup popup, the free plan's notice after a first search). It
 * also draws the searches on the map (SearchesOnMap), whether the analysis panel is open or not,
 * and keeps the list in step with changes made elsewhere (useSearchesListSync).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SignupPopup } from '../auth/signup-popup.js';
import { useSession } from '../auth/use-session.js';
import { LimitDialog } from '../editor/limit-popup.js';
import { FreePlanNotice } from '../plans/free-plan-notice.js';
import { takeNotice } from '../plans/plan-notices.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { SearchesOnMap } from './searches-on-map.js';
import { useSearchesListSync } from './use-searches.js';

/** A business the user chose; `from` says where (a choice on the map opens its popup there). */
export interface ChosenItem {
  searchId: number;
  itemId: number;
  position: [number, number] | null;
  from: 'list' | 'map';
}

export interface SearchesViewValue {
  /** The saved map whose searches these are; null for a visitor's map (searches need an account). */
  mapId: string | null;
  hidden: ReadonlySet<number>;
  toggleHidden(searchId: number): void;
  chosen: ChosenItem | null;
  choose(item: ChosenItem | null): void;
  /** The free plan's searches are used up: the limit popup. */
  showLimit(maxSearches: number): void;
  /** A visitor saves a search: the signup popup. */
  askSignup(): void;
  /** A search was created: a free user's first one shows the free plan's notice, once. */
  searchCreated(): void;
}

const SearchesViewContext = createContext<SearchesViewValue | null>(null);

export function SearchesView({ mapId, children }: { mapId: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const access = usePlanAccess();
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [chosen, choose] = useState<ChosenItem | null>(null);
  const [limit, setLimit] = useState<number | null>(null);
  const [signup, setSignup] = useState(false);
  const [notice, setNotice] = useState(false);
  useSearchesListSync(mapId);

  const toggleHidden = useCallback((searchId: number) => setHidden((current) => {
    const next = new Set(current);
    if (!next.delete(searchId)) next.add(searchId);
    return next;
  }), []);
  const askSignup = useCallback(() => setSignup(true), []);
  const searchCreated = useCallback(() => {
    if (user && access?.plan.tier === 'free' && takeNotice('firstSearch', user)) setNotice(true);
  }, [user, access]);

  const value = useMemo<SearchesViewValue>(() => ({
    mapId, hidden, toggleHidden, chosen, choose, showLimit: setLimit, askSignup, searchCreated,
  }), [mapId, hidden, toggleHidden, chosen, askSignup, searchCreated]);

  const refusal = useMemo(() => (limit === null ? null : { kind: 'searches' as const, max: limit }), [limit]);
  // "Back to my search": the searches of the POI tab, the first one's edit button focused.
  const backToSearches = () => document.querySelector<HTMLElement>('[data-testid="poi-search"] [data-testid="poi-search-edit"]')?.focus();
  return (
    <SearchesViewContext.Provider value={value}>
      {children}
      {mapId !== null && <SearchesOnMap mapId={mapId} />}
      {/* Mounted only while shown: the areas' limit popup is the page's other one. */}
      {refusal && <LimitDialog refusal={refusal} visitor={false} onClose={() => setLimit(null)} onManage={backToSearches} />}
      <SignupPopup open={signup} title={t('poi.signup.title')} text={t('poi.signup.text')} onClose={() => setSignup(false)} />
      {/* Mounted only while shown, as the first area's notice is the page's other one. */}
      {notice && <FreePlanNotice moment="firstSearch" open onClose={() => setNotice(false)} />}
    </SearchesViewContext.Provider>
  );
}

export function useSearchesView(): SearchesViewValue {
  const value = useContext(SearchesViewContext);
  if (!value) throw new Error('useSearchesView must be used inside SearchesView');
  return value;
}
