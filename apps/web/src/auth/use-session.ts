/**
 * The session (SPEC §4): unknown while GET /auth/me is in flight, then a user or a visitor.
 * A 401 there means "visitor", not an error.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { User } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { fetchCurrentUser, logout as logoutCall } from '../api/auth.js';
import { queryKeys } from '../api/query-keys.js';
import { endSession } from './open-session.js';

/** Whether the session ended by logging out in this page (pages for users then go home, not to the login page). */
let endedByLogout = false;
/** Whether that logout ended every session of the user (pages for users then go to the login page, which says so). */
let endedEverywhere = false;

export function sessionEndedByLogout(): boolean {
  return endedByLogout;
}

export function sessionEndedEverywhere(): boolean {
  return endedByLogout && endedEverywhere;
}

export type SessionStatus = 'unknown' | 'loggedIn' | 'visitor';

export interface Session {
  status: SessionStatus;
  user: User | null;
}

async function currentUserOrNull(signal: AbortSignal): Promise<User | null> {
  try {
    return await fetchCurrentUser(signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useSession(): Session {
  const query = useQuery({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => currentUserOrNull(signal),
    staleTime: 5 * 60_000,
  });
  if (query.data === undefined) return { status: query.isError ? 'visitor' : 'unknown', user: null };
  return query.data ? { status: 'loggedIn', user: query.data } : { status: 'visitor', user: null };
}

/** Stores a user just returned by login or signup, so every screen sees the new session at once. */
export function useSetSessionUser(): (user: User | null) => void {
  const queryClient = useQueryClient();
  return (user) => {
    endedByLogout = user === null && endedByLogout;
    queryClient.setQueryData(queryKeys.session, user);
  };
}

/** Forgets the former user in this page: the session, and everything cached for them. */
export function useForgetSession(): (options?: { everywhere?: boolean }) => void {
  const queryClient = useQueryClient();
  return ({ everywhere = false } = {}) => {
    endedByLogout = true;
    endedEverywhere = everywhere;
    queryClient.setQueryData(queryKeys.session, null);
    queryClient.removeQueries({ queryKey: ['maps'] });
  };
}

/** Ends the session record, logs out, and goes back to the (visitor's) map (SPEC §4). */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const forget = useForgetSession();
  return async () => {
    const user = queryClient.getQueryData<User | null>(queryKeys.session);
    if (user) await endSession(user.id);
    await logoutCall();
    forget();
    void navigate('/', { replace: true });
  };
}
