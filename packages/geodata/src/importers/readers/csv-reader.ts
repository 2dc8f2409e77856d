/**
 * Streams the rows of a CSV file as objects keyed by column name (papaparse): comma or semicolon
 * separated (INSEE publishes with semicolons), with or without a byte-order mark. Rows whose
 * first cell repeats a label rather than a value (data.census.gov puts a second header row of
 * descriptions under the codes) are the caller's to skip.
 */
import Papa from 'papaparse';
import { trackedStream, type ByteProgress } from './contours.js';

export async function* readCsvRows(file: string, onBytes?: ByteProgress): AsyncGenerator<Record<string, string>> {
  const rows: Record<string, string>[] = [];
  let finished = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const stream = trackedStream(file, onBytes);
  Papa.parse<Record<string, string>>(stream, {
    header: true,
    skipEmptyLines: true,
    delimitersToGuess: [',', ';', '\t', '|'],
    transformHeader: (header) => header.replace(/^\uFEFF/, '').trim(),
    step: (result) => {
      rows.push(result.data);
      // Back-pressure: let the consumer catch up before reading further.
      if (rows.length > 5_000) stream.pause();
      wake?.();
    },
    complete: () => {
      finished = true;
      wake?.();
    },
    error: (error) => {
      failure = error;
      wake?.();
    },
  });
  while (true) {
    if (rows.length > 0) {
      yield rows.shift()!;
      if (rows.length < 1_000 && stream.isPaused()) stream.resume();
      continue;
    }
    if (failure) throw failure;
    if (finished) return;
    await new Promise<void>((resolve) => { wake = resolve; });
    wake = undefined;
  }
}
