import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface DirLock {
  release(): void;
}

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes on one directory would corrupt it. A lock file
 * holding our pid makes the second one stop with a clear message; a lock left by a killed process is
 * taken over because its pid no longer runs.
 */
export function acquireDirLock(dir: string): DirLock {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, '..', `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let held = true;
      return {
        release() {
          if (!held) return;
          held = false;
          rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && alive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Tally process (pid ${pid}). ` +
            'Stop it first, or point DATA_DIR elsewhere, or use DATABASE_URL for several processes.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}
