/** One process per DATA_DIR: the embedded database's lock file, and how a stale one is told from a live one. */
import fs from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files this process holds: the file names our own pid, so it cannot tell a second opening here from a stale lock. */
const heldLocks = new Set<string>();

export function releaseDataDirLock(lockFile: string): void {
  heldLocks.delete(lockFile);
  fs.rmSync(lockFile, { force: true });
}

/**
 * When a process started (clock ticks since boot: /proc/<pid>/stat, field 22), where the system tells (Linux); null
 * elsewhere. Recorded in the lock with the pid, it tells the process that wrote the lock from a later process that
 * was given the same pid (after a crash and a container restart, pids are reused — often the very same one).
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count the fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** What a lock file says: "<pid> <start time>" (or "<pid>" alone, from a system without /proc or an older version). */
function lockContent(pid: number): string {
  const started = processStartTime(pid);
  return started ? `${pid} ${started}` : String(pid);
}

/** Whether the process a lock names still runs: its pid is alive and, when the lock recorded it, started at the same time. */
function lockHolderRuns(content: string): number | null {
  const [pidText, started] = content.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
  if (started) {
    const now = processStartTime(pid);
    if (now !== null && now !== started) return null; // the pid was given to another process since
  }
  return pid;
}

/** The pid of a live process that has the embedded database in `dataDir` open, or null (none, or a stale lock). */
export function dataDirHolder(dataDir: string): number | null {
  try {
    return lockHolderRuns(fs.readFileSync(path.join(path.resolve(dataDir), 'portal.lock'), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * One process per DATA_DIR, and one opening in it: a second one is refused instead of corrupting the embedded
 * database. A lock left by a process that died (SIGKILL, a crash, a power cut) is stale and taken over.
 */
export function takeDataDirLock(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockFile = path.join(path.resolve(dataDir), 'portal.lock');
  if (heldLocks.has(lockFile)) {
    throw new Error(`The embedded database in ${dataDir} is already open in this process. Close it before opening it again.`);
  }
  const taken = () => {
    heldLocks.add(lockFile);
    return lockFile;
  };
  const mine = lockContent(process.pid);
  try {
    fs.writeFileSync(lockFile, mine, { flag: 'wx', mode: 0o600 });
    return taken();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const holder = lockHolderRuns(fs.readFileSync(lockFile, 'utf8'));
  if (holder !== null) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by another process (pid ${holder}). ` +
        'Stop that process, choose another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
    );
  }
  fs.writeFileSync(lockFile, mine);
  return taken();
}
