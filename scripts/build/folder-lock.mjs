// A lock between processes of one checkout: a folder that only one process can create. The one
// that holds it writes its pid there, so a lock left by a killed process is taken over instead of
// waited on forever.
import fs from 'node:fs';
import path from 'node:path';

/** Whether the process that holds `lock` is gone (killed while holding it): its lock is then left behind. */
function lockIsAbandoned(lock) {
  try {
    const pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    if (error?.code === 'EPERM') return false;
    if (error?.code === 'ENOENT') {
      // Between the lock's creation and its pid: abandoned only if it stayed so for a minute.
      try { return Date.now() - fs.statSync(lock).mtimeMs > 60_000; } catch { return false; }
    }
    return true;
  }
}

/** Runs `work` holding the lock folder `lock`, calling `onWait` once if another process holds it first. */
export async function withFolderLock(lock, onWait, work) {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (let waited = false; ;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
      if (lockIsAbandoned(lock)) {
        fs.rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (!waited) onWait();
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
