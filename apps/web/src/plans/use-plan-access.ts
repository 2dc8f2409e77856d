/** The current user's plan access (plan-access.ts), following the session; null while it is not known yet. */
import { useMemo } from 'react';
import { useSession } from '../auth/use-session.js';
import { planAccessOf, type PlanAccess } from './plan-access.js';

export function usePlanAccess(): PlanAccess | null {
  const { status, user } = useSession();
  return useMemo(() => (status === 'unknown' ? null : planAccessOf(user)), [status, user]);
}
