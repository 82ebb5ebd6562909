/**
 * Test helpers of the tool runtime: real HTTP servers on loopback, a tool row to record runs against, and the
 * run context. Used by the *.test.ts files beside it only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../db/client.ts';
import { createTestTool } from '../../test/tools.factory.ts';
import type { RuntimeContext } from './runtime.ts';
import { findToolExecutionRow } from './tool-executions.queries.ts';
import type { RunnableTool } from './types.ts';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 (a free port) that records what it receives, then lets `handler` answer. */
export async function startServer(handler: (req: ReceivedRequest, res: http.ServerResponse) => void | Promise<void>): Promise<TestServer> {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      void Promise.resolve(handler(r, res)).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

let counter = 0;

/** A tools row (for the foreign key of tool_executions) and the runnable tool made of it. */
export async function makeTool(
  db: Db,
  organizationId: string,
  toolType: string,
  config: Record<string, unknown>,
  schemas: { input?: Record<string, unknown>; output?: Record<string, unknown> | null } = {},
): Promise<RunnableTool> {
  counter += 1;
  const input_schema = schemas.input ?? { type: 'object' };
  const row = await createTestTool(db, organizationId, { toolType, config, inputSchema: input_schema, name: `runtime_${toolType}_${counter}` });
  return { id: row.id, organization_id: organizationId, name: row.name, tool_type: toolType, input_schema, output_schema: schemas.output ?? null, config };
}

export function runContext(db: Db, overrides: Partial<RuntimeContext> = {}): RuntimeContext {
  return {
    db,
    environment: 'development',
    secrets: {},
    caller: { type: 'test', id: null },
    allowedHosts: ['127.0.0.1'],
    ...overrides,
  };
}

export async function readExecution(db: Db, id: string): Promise<Record<string, unknown>> {
  return (await findToolExecutionRow(db, id))!;
}
