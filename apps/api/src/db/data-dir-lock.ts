import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * One process per embedded database. PGlite keeps the whole database in the memory of the process
 * that opened it and writes its files back on its own schedule: a second process on the same data
 * folder neither sees the first one's writes nor stops overwriting them (acknowledged registrations
 * were lost that way). So the folder is locked: an exclusive lock file (`O_EXCL` create) holding
 * the owner's pid and host. A lock whose process is gone (a `kill -9`, a crash, a container
 * restart that reused the pid) is stale and taken over; a live one refuses the start.
 * Several processes on one database need PostgreSQL (DATABASE_URL).
 */
export class DataDirLockedError extends Error {
  readonly lockFile: string;
  readonly owner: string;
  constructor(lockFile: string, owner: string) {
    super(
      `The embedded database in ${lockFile.replace(/\.lock$/, '')} is already open in another process (${owner}). ` +
        `PGlite serves one process only: stop the other server, or give this one its own DATA_DIR, or run ` +
        `several processes on PostgreSQL (DATABASE_URL). If no such process exists, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
    this.lockFile = lockFile;
    this.owner = owner;
  }
}

/** locks held by this process (a second open in the same process is refused too) */
const held = new Set<string>();

interface LockContent {
  pid: number;
  host: string;
  startedAt: string;
}

function ownerAlive(content: LockContent): boolean {
  if (content.host !== hostname()) return true; // another machine sharing the folder: never guess
  if (content.pid === process.pid) return false; // our own pid, but not held by us: a previous life of this pid
  try {
    process.kill(content.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

export function lockDataDir(dataDir: string, now: Date): { release(): void } {
  const lockFile = `${dataDir.replace(/[/\\]+$/, '')}.lock`;
  if (held.has(lockFile)) throw new DataDirLockedError(lockFile, `this process, pid ${process.pid}`);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      const content: LockContent = { pid: process.pid, host: hostname(), startedAt: now.toISOString() };
      writeSync(fd, JSON.stringify(content));
      closeSync(fd);
      held.add(lockFile);
      return {
        release() {
          if (!held.delete(lockFile)) return;
          rmSync(lockFile, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let content: LockContent | null;
    try {
      content = JSON.parse(readFileSync(lockFile, 'utf8')) as LockContent;
    } catch {
      content = null; // half-written by a process that died at that instant, or removed meanwhile
    }
    if (content && typeof content.pid === 'number' && ownerAlive(content)) {
      throw new DataDirLockedError(
        lockFile,
        `pid ${content.pid} on ${content.host}, since ${content.startedAt}`,
      );
    }
    rmSync(lockFile, { force: true }); // stale: its process is gone
  }
  throw new DataDirLockedError(lockFile, 'another process starting at the same moment');
}
