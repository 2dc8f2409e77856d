/**
 * Opens the plan comparison from anywhere in the app: a lock's "See plans", the limit popup, the
 * account menu. It is also where every 403 PLAN_REQUIRED of the API lands (api/plan-required.ts):
 * the session is read again (the plan may have ended meanwhile, and the locks follow it) and the
 * comparison opens on the plan the server named.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onPlanRequired } from '../api/plan-required.js';
import { queryKeys } from '../api/query-keys.js';
import { PlansDialog, type PlansDialogRequest } from './plans-dialog.js';

interface PlansDialogContextValue { openPlans(request?: PlansDialogRequest): void }

const PlansDialogContext = createContext<PlansDialogContextValue | null>(null);

export function PlansDialogProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<PlansDialogRequest | null>(null);
  const openPlans = useCallback((next: PlansDialogRequest = {}) => setRequest(next), []);

  useEffect(() => onPlanRequired((required) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    setRequest({ plan: required.plan, feature: required.feature });
  }), [queryClient]);

  const value = useMemo(() => ({ openPlans }), [openPlans]);
  return (
    <PlansDialogContext.Provider value={value}>
      {children}
      <PlansDialog request={request} onClose={() => setRequest(null)} />
    </PlansDialogContext.Provider>
  );
}

/** Opens the plan comparison, optionally on the plan (and for the feature) a lock names. */
export function usePlansDialog(): (request?: PlansDialogRequest) => void {
  const value = useContext(PlansDialogContext);
  if (!value) throw new Error('usePlansDialog must be used inside a PlansDialogProvider');
  return value.openPlans;
}
