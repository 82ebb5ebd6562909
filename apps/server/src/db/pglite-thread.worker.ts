// The embedded database's engine on its own thread (see pglite-thread.ts): runs PGlite and answers the messages the
// server's thread sends, one at a time, in order. Statements arrive as PostgreSQL wire messages and their answers go
// back as the bytes PostgreSQL wrote (pglite-wire.ts reads them on the server's thread). Plain JavaScript syntax only
// besides type annotations: Node runs it with its type stripping, outside any bundler.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { EngineReply, EngineRequest, EngineStart, SerializedError } from './pglite-thread.ts';
import { concat } from './pglite-wire.ts';

const port = parentPort!;
const start = workerData as EngineStart;

function serializeError(err: unknown): SerializedError {
  if (err instanceof Error) {
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(err)) if (typeof value !== 'function' && typeof value !== 'object') fields[key] = value;
    return { message: err.message, name: err.name, stack: err.stack, fields };
  }
  return { message: String(err), name: 'Error', fields: {} };
}

const reply = (message: EngineReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Each element type with its array type, as PGlite reads them when it opens (the server's thread parses arrays by them). */
const ARRAY_TYPES = `select b.oid, b.typarray from pg_catalog.pg_type a
  left join pg_catalog.pg_type b on b.oid = a.typelem where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`;

let pglite: PGlite;
try {
  pglite = await PGlite.create({
    dataDir: start.dataDir,
    extensions: { pg_trgm },
    loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
  });
  const arrayTypes = (await pglite.query<{ oid: number; typarray: number }>(ARRAY_TYPES)).rows;
  reply({ kind: 'ready', arrayTypes });
} catch (err) {
  reply({ kind: 'failed', error: serializeError(err) });
  process.exit(0);
}

async function handle(request: EngineRequest): Promise<void> {
  try {
    switch (request.op) {
      case 'wire': {
        // The answer as PostgreSQL writes it, copied out of the engine's memory and not read here (PGlite's own
        // path would parse every message on this thread as well).
        const chunks: Uint8Array[] = [];
        await pglite.execProtocolRawStream(new Uint8Array(request.bytes), {
          syncToFs: false,
          onRawData: (chunk) => {
            chunks.push(chunk.slice());
          },
        });
        // As PGlite's `query` does after a statement outside a transaction (a no-op on the node file system).
        if (!pglite.isInTransaction()) await pglite.syncToFs();
        const answer = chunks.length === 1 ? chunks[0]! : concat(chunks);
        const bytes = answer.buffer as ArrayBuffer;
        reply({ kind: 'result', id: request.id, value: bytes }, [bytes]);
        return;
      }
      case 'exec':
        await pglite.exec(request.sql);
        // The server's thread forgot its prepared statements with this script (it may have changed tables).
        await pglite.exec('DEALLOCATE ALL');
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
