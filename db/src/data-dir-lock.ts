import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * PGlite's files serve one process: two writing the same DATA_DIR corrupt the database. So the
 * process that opens it holds a lock file naming its pid, and a second one is refused with the
 * reason. A lock left by a process that died (its pid is gone) is taken over.
 */
export class DataDirInUseError extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock at `file`; answers the function that gives it back. */
export function lockDataDir(file: string, dataDir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {}
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8'));
      if (holder && holder !== process.pid && alive(holder)) {
        throw new DataDirInUseError(
          `Another LearnBoost process (pid ${holder}) is using the embedded database in ${dataDir}. ` +
            'PGlite serves one process only: stop that process, give this one another DATA_DIR, ' +
            'or set DATABASE_URL (PostgreSQL) to run several api processes.',
        );
      }
      unlinkSync(file); // left by a process that died: take it over
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dataDir}`);
}
