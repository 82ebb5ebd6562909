// Starts the real server for the browser tests on a fresh, throwaway database.
import fs from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data-test-e2e');
if (!path.basename(dataDir).startsWith('.data-test')) {
  throw new Error(`Refusing to wipe ${dataDir}: the e2e DATA_DIR must be a .data-test* directory`);
}
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;

await import('../apps/server/src/main.ts');
