/**
 * A button's call to the API, one at a time: `busy` while it runs (the buttons disabled), and the
 * reason it failed, the server's own message for a refusal (4xx) or `failed` for anything else.
 */
import { useState } from 'react';
import { ApiError } from '../api/client.js';

export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>, failed: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : failed);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
