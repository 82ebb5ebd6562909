import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** JWT_SECRET / SECRET_KEY: from the environment, else generated once and kept in DATA_DIR (DESIGN §8). */
export function resolveSecret(name: string, fromEnv: string | undefined, dataDir: string | undefined): string {
  if (fromEnv) return fromEnv;
  if (!dataDir) return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'secrets', `${name.toLowerCase()}`);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
}
