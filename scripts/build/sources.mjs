// When to rebuild: a build is stale once any of its inputs is newer than the build's own stamp.
import fs from 'node:fs';
import path from 'node:path';

/** Newest modification time under the paths (folders walked; tests and installed or built folders skipped). */
export function newestMtime(paths) {
  let newest = 0;
  for (const target of paths) {
    if (!fs.existsSync(target)) continue;
    const stat = fs.statSync(target);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    const entries = fs.readdirSync(target).filter((entry) => entry !== 'node_modules' && entry !== 'dist' && !/\.test\.tsx?$/.test(entry));
    newest = Math.max(newest, newestMtime(entries.map((entry) => path.join(target, entry))));
  }
  return newest;
}

/** Whether `stamp` (a file the build writes last) is missing or older than one of the inputs. */
export function isStale(stamp, inputs) {
  if (!fs.existsSync(stamp)) return true;
  return newestMtime(inputs) > fs.statSync(stamp).mtimeMs;
}
