/**
 * What happens once a user has logged in or signed up: the session is stored and described (the
 * browser's fingerprint and place, in the background), the map drawn as a visitor (if any) is
 * saved to the account and opened; otherwise the page asked for by `redirect`.
 */
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@catchment/domain';
import { fetchAccessId } from '../api/maps.js';
import { useToasts } from '../app/toasts.js';
import { uploadVisitorMap } from '../editor/editor-context.js';
import { ApiError } from '../api/client.js';
import { currentLocale } from '../i18n/locale-state.js';
import { openSession } from './open-session.js';
import { useSetSessionUser } from './use-session.js';
import { redirectTarget } from './redirect-target.js';

export function useAfterAuth(): (user: User, redirect: string | null) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setSessionUser = useSetSessionUser();
  const toasts = useToasts();

  return async (user, redirect) => {
    queryClient.removeQueries({ queryKey: ['maps'] });
    setSessionUser(user);
    // The user need not wait for it, nor hear of it failing: it only describes the session.
    void openSession(queryClient, user.id, currentLocale()).catch(() => undefined);
    let uploadedMapId: number | null = null;
    try {
      uploadedMapId = await uploadVisitorMap();
    } catch (error) {
      // The visitor's map stays in the browser; the user is logged in all the same.
      if (error instanceof ApiError) toasts.show({ message: error.message, tone: 'error' });
    }
    if (uploadedMapId !== null) {
      const { accessId } = await fetchAccessId(uploadedMapId);
      navigate(`/map/${accessId}`, { replace: true });
      return;
    }
    navigate(redirectTarget(redirect), { replace: true });
  };
}
