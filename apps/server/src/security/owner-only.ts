/**
 * Owner-only data (ADR 0038): DATA_DIR holds the embedded database (password hashes, applicants' data, uploaded
 * files), the generated secrets and the lock; backups hold the same. Folders are 0700 and files 0600.
 *
 * Two parts, because neither is enough alone. The process's umask (0077) makes what Node creates owner-only (folders,
 * the lock, backups). The embedded engine (PostgreSQL in WebAssembly) decides its files' modes itself, below the
 * umask's reach: the data directory it unpacks on a first start is 0666, and files it rewrites (pg_internal.init)
 * come out 0644; so DATA_DIR is walked and tightened too, when the database opens and when it closes.
 */
import fs from 'node:fs';
import path from 'node:path';

export const OWNER_ONLY_UMASK = 0o077;
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** Files and folders the process creates from now on are its owner's only. Call once, first thing, in a process's entry. */
export function createOwnerOnlyFromNowOn(): void {
  process.umask(OWNER_ONLY_UMASK);
}

export interface Tightened {
  /** Files and folders whose mode let the group or others in, now 0600 / 0700. */
  tightened: number;
  /** Paths whose mode could not be changed (another owner), with the reason; the first few. */
  failed: string[];
}

/**
 * Makes `root` and everything under it owner-only: a folder 0700, a file 0600, where the group or others had any
 * permission (the owner's own bits are left alone otherwise). Symbolic links are not followed. Nothing to do on
 * Windows, whose permissions are not modes.
 */
export function tightenModes(root: string): Tightened {
  const result: Tightened = { tightened: 0, failed: [] };
  if (process.platform === 'win32' || !fs.existsSync(root)) return result;
  const visit = (at: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(at);
    } catch {
      return; // gone meanwhile (the engine's temporary files)
    }
    if (stat.isSymbolicLink()) return;
    const folder = stat.isDirectory();
    if ((stat.mode & 0o077) !== 0) {
      try {
        fs.chmodSync(at, folder ? FOLDER_MODE : FILE_MODE);
        result.tightened += 1;
      } catch (err) {
        if (result.failed.length < 5) result.failed.push(`${at}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      }
    }
    if (!folder) return;
    let entries: string[];
    try {
      entries = fs.readdirSync(at);
    } catch {
      return;
    }
    for (const entry of entries) visit(path.join(at, entry));
  };
  visit(root);
  return result;
}
