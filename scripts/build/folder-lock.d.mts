/** Runs `work` holding the lock folder `lock`, calling `onWait` once if another process holds it first. */
export function withFolderLock<T>(lock: string, onWait: () => void, work: () => Promise<T>): Promise<T>;
