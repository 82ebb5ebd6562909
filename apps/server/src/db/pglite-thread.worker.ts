// The embedded database's engine on its own thread (see pglite-thread.ts): runs PGlite and answers the messages the
// server's thread sends, one at a time, in order. Plain JavaScript syntax only besides type annotations: Node runs
// it with its type stripping, outside any bundler.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PreparedStatements } from './pglite-prepared.ts';
import type { EngineReply, EngineRequest, EngineStart, SerializedError } from './pglite-thread.ts';

const port = parentPort!;
const start = workerData as EngineStart;
const unlistens = new Map<number, () => Promise<void>>();

function serializeError(err: unknown): SerializedError {
  if (err instanceof Error) {
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(err)) if (typeof value !== 'function' && typeof value !== 'object') fields[key] = value;
    return { message: err.message, name: err.name, stack: err.stack, fields };
  }
  return { message: String(err), name: 'Error', fields: {} };
}

const reply = (message: EngineReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let pglite: PGlite;
let statements: PreparedStatements;
try {
  pglite = await PGlite.create({
    dataDir: start.dataDir,
    extensions: { pg_trgm },
    loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
  });
  statements = new PreparedStatements(pglite);
  reply({ kind: 'ready' });
} catch (err) {
  reply({ kind: 'failed', error: serializeError(err) });
  process.exit(0);
}

async function handle(request: EngineRequest): Promise<void> {
  try {
    switch (request.op) {
      case 'query': {
        const res = await statements.query(request.sql, request.params);
        reply({ kind: 'result', id: request.id, value: { rows: res.rows, affectedRows: res.affectedRows } });
        return;
      }
      case 'exec':
        await pglite.exec(request.sql);
        // A script may change tables (migrations): what was prepared is prepared again when next asked.
        await statements.forget();
        reply({ kind: 'result', id: request.id, value: null });
        return;
      case 'listen': {
        const listenId = request.id;
        const unlisten = await pglite.listen(request.channel, (payload) => reply({ kind: 'notification', listenId, payload }));
        unlistens.set(listenId, unlisten);
        reply({ kind: 'result', id: request.id, value: listenId });
        return;
      }
      case 'unlisten':
        await unlistens.get(request.listenId)?.();
        unlistens.delete(request.listenId);
        reply({ kind: 'result', id: request.id, value: null });
        return;
      case 'dump': {
        const bytes = await (await pglite.dumpDataDir('gzip')).arrayBuffer();
        reply({ kind: 'result', id: request.id, value: bytes }, [bytes]);
        return;
      }
      case 'close':
        await pglite.close();
        reply({ kind: 'result', id: request.id, value: null });
        return;
    }
  } catch (err) {
    reply({ kind: 'error', id: request.id, error: serializeError(err) });
  }
}

// One request at a time, in the order sent (the server's side already serialises a transaction's statements).
let queue: Promise<void> = Promise.resolve();
port.on('message', (request: EngineRequest) => {
  queue = queue.then(() => handle(request));
});
