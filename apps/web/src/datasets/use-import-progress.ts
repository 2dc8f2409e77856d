/**
 * An import that goes on after its request answered (202): its dataset as it moves on. The server
 * pushes its progress to the user's sockets (`datasets` events, SPEC §7); the dataset is also read
 * again every few seconds, so that a socket that dropped meanwhile does not leave the bar still.
 * Once the import is over (ready or failed) the dataset is read one last time.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { REALTIME_EVENTS, type ClientDatasetView } from '@catchment/domain';
import { fetchDataset } from '../api/datasets.js';
import { realtime } from '../realtime/realtime-client.js';

/** How often the dataset is read while its import goes on, whatever the socket says. */
const POLL_MS = 3_000;

export function useImportProgress(clientId: number, started: ClientDatasetView): ClientDatasetView {
  const [pushed, setPushed] = useState(started.progress);
  const read = useQuery({
    queryKey: ['dataset-import', clientId, started.id],
    queryFn: ({ signal }) => fetchDataset(clientId, started.id, signal),
    initialData: started,
    refetchInterval: (query) => (query.state.data?.status === 'importing' ? POLL_MS : false),
  });
  const { refetch } = read;

  useEffect(() => realtime.subscribe((message) => {
    if (message.event !== REALTIME_EVENTS.datasets || message.data.datasetId !== started.id) return;
    setPushed((before) => Math.max(before, message.data.progress));
    if (message.data.status !== 'importing') void refetch();
  }), [started.id, refetch]);

  const dataset = read.data;
  return dataset.status === 'importing' ? { ...dataset, progress: Math.max(dataset.progress, pushed) } : dataset;
}
