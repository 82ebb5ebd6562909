/**
 * Statements the embedded database parses and plans once (ADR 0035). PGlite's own `query` parses, describes, binds and
 * executes each call in five trips into the engine, and PostgreSQL parses, analyses and plans the statement every
 * time: for the product's short statements that was most of their cost (a primary-key lookup 0.26 ms, of which
 * 0.06 ms is the work itself). Here a statement given a parameter list is prepared under a name the first time its
 * text is seen, and every later call only binds and executes it, in one trip — as the PostgreSQL pool already does
 * (client.ts, `prepared`). A statement given no list (SQL carrying its values as literals, BEGIN, COMMIT) is sent
 * unnamed, but also in one trip. Values are serialized and rows parsed by PGlite's own serializers and parsers, so
 * the answers are the ones `query` gives.
 */
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Named statements kept at most; past it a new text is sent unnamed (PGlite's `query`). */
export const MAX_PREPARED = 2_000;

/** PostgreSQL refuses a prepared statement whose table changed shape since (a migration): it is prepared again. */
const CHANGED_RESULT_TYPE = 'cached plan must not change result type';

interface Prepared {
  name: string;
  /** The type of each parameter, as PostgreSQL inferred it: picks the serializer of each value. */
  types: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});
const SYNC = serialize.sync();

export class PreparedStatements {
  private readonly pglite: PGlite;
  private readonly named = new Map<string, Prepared>();
  private nextName = 1;

  constructor(pglite: PGlite) {
    this.pglite = pglite;
  }

  /** How many texts are prepared now (tests). */
  get size(): number {
    return this.named.size;
  }

  async query(sql: string, params: unknown[] | undefined): Promise<Results> {
    if (params === undefined) return this.send([serialize.parse({ text: sql }), serialize.bind({}), DESCRIBE_PORTAL, EXECUTE, SYNC]);
    const statement = this.named.get(sql) ?? (await this.prepare(sql));
    if (!statement) return this.pglite.query(sql, params);
    try {
      return await this.send([serialize.bind({ statement: statement.name, values: this.values(statement, params) }), DESCRIBE_PORTAL, EXECUTE, SYNC]);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.includes(CHANGED_RESULT_TYPE)) throw err;
      await this.drop(sql);
      // Outside a transaction it is simply asked again; inside, the transaction has failed and its caller decides.
      if (this.pglite.isInTransaction()) throw err;
      return this.query(sql, params);
    }
  }

  /** Forgets every prepared statement (after a script that may have changed tables: migrations). */
  async forget(): Promise<void> {
    this.named.clear();
    await this.pglite.exec('DEALLOCATE ALL').catch(() => undefined);
  }

  private async prepare(sql: string): Promise<Prepared | null> {
    if (this.named.size >= MAX_PREPARED) return null;
    const name = `s${this.nextName++}`;
    const messages = await this.pglite.execProtocolStream(concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), SYNC]), { syncToFs: false });
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    this.named.set(sql, statement);
    return statement;
  }

  private async drop(sql: string): Promise<void> {
    const statement = this.named.get(sql);
    if (!statement) return;
    this.named.delete(sql);
    await this.pglite.execProtocolStream(concat([serialize.close({ type: 'S', name: statement.name }), SYNC]), { syncToFs: false }).catch(() => undefined);
  }

  /** Each value as PGlite's `query` sends it: null as null, otherwise by its parameter type's serializer. */
  private values(statement: Prepared, params: unknown[]): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = this.pglite.serializers[statement.types[i]!];
      return serializer ? (serializer(param) as string) : String(param);
    });
  }

  private async send(parts: Uint8Array[]): Promise<Results> {
    const messages = await this.pglite.execProtocolStream(concat(parts), { syncToFs: false });
    // As PGlite's `query` does after each statement (a no-op on the node file system; kept for its other ones).
    if (!this.pglite.isInTransaction()) await this.pglite.syncToFs();
    return parse.parseResults(messages, this.pglite.parsers)[0]!;
  }
}
