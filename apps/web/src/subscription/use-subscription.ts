/**
 * The caller's subscription and the plans on sale as the subscription page and the plan comparison
 * read them, and what follows any change: the session (GET /auth/me: product, features, so that the
 * locks follow) and every billing answer are read again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionView } from '@catchment/domain';
import { queryKeys } from '../api/query-keys.js';
import { getProducts, getSubscription } from '../api/subscription.js';

export function useSubscription(clientId: number | null) {
  return useQuery({
    queryKey: queryKeys.subscription(clientId ?? 0),
    queryFn: ({ signal }) => getSubscription(clientId!, signal),
    enabled: clientId !== null,
  });
}

export function useProducts(clientId: number | null, locale: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.products(clientId ?? 0, locale),
    queryFn: ({ signal }) => getProducts(clientId!, signal),
    enabled: enabled && clientId !== null,
  });
}

/** After a change: the subscription answered (when the call returns it) shows at once, then everything is read again. */
export function useRefreshSubscription(clientId: number): (view?: SubscriptionView) => Promise<void> {
  const queryClient = useQueryClient();
  return async (view) => {
    if (view) {
      queryClient.setQueryData(queryKeys.subscription(clientId), (current: Awaited<ReturnType<typeof getSubscription>> | undefined) =>
        (current ? { ...current, subscription: view } : current));
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.billing }),
      queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    ]);
  };
}
