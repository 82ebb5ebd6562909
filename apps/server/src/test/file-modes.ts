import fs from 'node:fs';
import path from 'node:path';

/** Every folder and file under `root` (itself included) whose mode lets the group or others in, as "<mode> <path>". */
export function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (at: string) => {
    const stat = fs.lstatSync(at);
    if ((stat.mode & 0o077) !== 0) found.push(`${(stat.mode & 0o777).toString(8)} ${path.relative(root, at) || '.'}`);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(at)) visit(path.join(at, entry));
  };
  visit(root);
  return found;
}

/** Opens everything under `root` to everyone (0777 folders, 0666 files), as installs before owner-only data could be. */
export function openToEveryone(root: string): void {
  const visit = (at: string) => {
    const stat = fs.lstatSync(at);
    fs.chmodSync(at, stat.isDirectory() ? 0o777 : 0o666);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(at)) visit(path.join(at, entry));
  };
  visit(root);
}
