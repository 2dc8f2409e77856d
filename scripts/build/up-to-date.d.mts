/** Runs `work` holding the checkout's build lock: no build starts or ends meanwhile. */
export function withBuildLock<T>(say: (message: string) => void, work: () => Promise<T>): Promise<T>;
/** Builds the web app (when `web`) and the API if their sources changed; false if a build failed. */
export function buildWhatChanged(options: { web: boolean; say: (message: string) => void }): Promise<boolean>;
