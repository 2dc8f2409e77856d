/**
 * A file the API builds on request (an XLSX or KML export), handed to the browser's downloads:
 * whether one is on its way, and why the last one failed. A refusal the user can act on (a plan
 * that does not include it, a bad request) shows the server's message, any other failure
 * `failureMessage`. A plan refusal also opens the plan comparison (api/plan-required.ts).
 */
import { useState } from 'react';
import { ApiError } from '../api/client.js';
import { saveFile } from './save-file.js';

export interface Download {
  downloading: boolean;
  error: string | null;
  download(fetchFile: () => Promise<{ blob: Blob; filename: string }>): Promise<void>;
}

export function useDownload(failureMessage: string): Download {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async (fetchFile: () => Promise<{ blob: Blob; filename: string }>) => {
    setDownloading(true);
    setError(null);
    try {
      const { blob, filename } = await fetchFile();
      saveFile(blob, filename);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status < 500 ? failure.message : failureMessage);
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, error, download };
}
