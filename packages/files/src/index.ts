/** Crash-safe writes of the app's data files, and the clean-up of what an interrupted write leaves. */
export {
  closeWriteStream,
  temporaryPathFor,
  writeFileAtomically,
  writeFileAtomicallySync,
  writeStreamAtomically,
  withScratchFile,
  isBeingWritten,
} from './atomic-write.js';
export { isRunning, removeStaleTemporaryFiles, temporaryFileWriter } from './stale-temporary-files.js';
export { workerUrl } from './worker-url.js';
