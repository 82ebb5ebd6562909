/**
 * The embedded database's statements as PostgreSQL wire messages, built and read on the server's thread (ADR 0035).
 * The engine's thread only runs the bytes it is sent through PGlite and hands back the bytes PostgreSQL wrote: its one
 * core goes to the database's own work, not to reading results into objects and copying them across threads (that
 * had been 40 % of its time: PGlite's reader copies every value into a buffer of its own before decoding it).
 *
 * A statement given a parameter list is prepared under a name the first time its text is seen (up to MAX_PREPARED
 * texts) and then only bound and executed, in one message, as the PostgreSQL pool does (postgres-db.ts, `prepared`). One
 * sent with `prepare: false` is prepared for its one run and closed after, so it is planned for its values. One
 * given no list (BEGIN, COMMIT) is sent unnamed, also in one message. Values are
 * serialized and columns parsed by PGlite's own serializers and parsers, so the answers are those of `PGlite.query`.
 */
import { protocol, types } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Named statements kept at most; past it a new text is prepared for its one run and closed after. */
export const MAX_PREPARED = 2_000;

/** PostgreSQL refuses a prepared statement whose table changed shape since it was prepared (a migration). */
const STALE_PLAN = 'cached plan must not change result type';

export function isStalePlan(err: unknown): boolean {
  return err instanceof Error && err.message.includes(STALE_PLAN);
}

export interface WireResult {
  rows: Record<string, unknown>[];
  affectedRows: number;
}

/** What PostgreSQL answered to one message: the result, or the error, and the notifications it carried. */
export interface Decoded {
  result: WireResult;
  error: Error | null;
  /** The parameter types a Describe of a statement reported. */
  parameterTypes: number[];
  notifications: { channel: string; payload: string }[];
}

type Parser = (text: string, typeId: number) => unknown;
type Serializer = (value: unknown) => string;

interface Prepared {
  name: string;
  types: number[];
}

const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});
const SYNC = serialize.sync();
const BIND_NONE = serialize.bind({});

/** The parts one after the other, in a buffer of their own (a message handed to another thread must own its buffer). */
export function concat(parts: Uint8Array[]): Uint8Array {
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

/** The error fields PostgreSQL sends, by their one-letter code, as pg-protocol names them on its DatabaseError. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

export class WireStatements {
  private readonly parsers: Record<number, Parser>;
  private readonly serializers: Record<number, Serializer>;
  private readonly named = new Map<string, Prepared>();
  private readonly decoder = new TextDecoder();
  private nextName = 1;

  /** `arrayTypes`: each element type and its array type, from pg_type (as PGlite reads them when it opens). */
  constructor(arrayTypes: { oid: number; typarray: number }[]) {
    this.parsers = { ...(types.parsers as Record<number, Parser>) };
    this.serializers = { ...(types.serializers as Record<number, Serializer>) };
    for (const { oid, typarray } of arrayTypes) {
      this.parsers[typarray] = (text) => types.arrayParser(text, this.parsers[oid] as never, typarray);
      this.serializers[typarray] = (value) => types.arraySerializer(value, this.serializers[oid] as never, typarray);
    }
  }

  /** Whether `sql` is prepared (`statement` runs it in one message). */
  has(sql: string): boolean {
    return this.named.has(sql);
  }

  /** How many texts are prepared now. */
  get size(): number {
    return this.named.size;
  }

  /**
   * The message that runs `sql` with `params` in one go, or null when the text must first be prepared (`prepare`,
   * a message of its own whose answer gives the parameters' types).
   */
  statement(sql: string, params: readonly unknown[] | undefined): Uint8Array | null {
    if (params === undefined) return concat([serialize.parse({ text: sql }), BIND_NONE, DESCRIBE_PORTAL, EXECUTE, SYNC]);
    const prepared = this.named.get(sql);
    if (!prepared) return null;
    return concat([serialize.bind({ statement: prepared.name, values: this.values(prepared.types, params) }), DESCRIBE_PORTAL, EXECUTE, SYNC]);
  }

  /** The message that prepares `sql` under a name of its own and describes its parameters. */
  prepare(sql: string): { name: string; message: Uint8Array } {
    const name = `s${this.nextName++}`;
    return { name, message: concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), SYNC]) };
  }

  /**
   * After `prepare`'s answer: the message that runs `sql` with `params`. The statement is kept for next time while
   * fewer than MAX_PREPARED are; past that, or when it is not to be kept (`keep` false: planned for these values
   * alone), the message closes it after its one run.
   */
  prepared(sql: string, name: string, parameterTypes: number[], params: readonly unknown[], keepIt = true): Uint8Array {
    const keep = keepIt && this.named.size < MAX_PREPARED;
    if (keep) this.named.set(sql, { name, types: parameterTypes });
    const run = [serialize.bind({ statement: name, values: this.values(parameterTypes, params) }), DESCRIBE_PORTAL, EXECUTE];
    return concat(keep ? [...run, SYNC] : [...run, serialize.close({ type: 'S', name }), SYNC]);
  }

  /** Forgets `sql` (its plan went stale): the next call prepares it again. */
  drop(sql: string): void {
    this.named.delete(sql);
  }

  /** Forgets every statement (the engine was told DEALLOCATE ALL). */
  clear(): void {
    this.named.clear();
  }

  /** Each value as PGlite's `query` sends it: null as null, otherwise by its parameter type's serializer. */
  private values(parameterTypes: number[], params: readonly unknown[]): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = this.serializers[parameterTypes[i]!];
      return serializer ? serializer(param) : String(param);
    });
  }

  /** Reads PostgreSQL's answer: rows of the first result, affected rows, the first error, notifications. */
  decode(buffer: ArrayBuffer): Decoded {
    const bytes = new Uint8Array(buffer);
    const view = new DataView(buffer);
    const decoded: Decoded = { result: { rows: [], affectedRows: 0 }, error: null, parameterTypes: [], notifications: [] };
    let names: string[] = [];
    let typeIds: number[] = [];
    let resultDone = false;
    let offset = 0;
    const cstring = (at: number): [string, number] => {
      const end = bytes.indexOf(0, at);
      return [this.decoder.decode(bytes.subarray(at, end)), end + 1];
    };
    while (offset + 5 <= bytes.length) {
      const code = bytes[offset]!;
      const length = view.getInt32(offset + 1);
      const start = offset + 5;
      const next = offset + 1 + length;
      switch (code) {
        case 0x54: {
          // RowDescription
          const count = view.getInt16(start);
          names = new Array<string>(count);
          typeIds = new Array<number>(count);
          let at = start + 2;
          for (let i = 0; i < count; i += 1) {
            const [name, after] = cstring(at);
            names[i] = name;
            typeIds[i] = view.getInt32(after + 6);
            at = after + 18;
          }
          break;
        }
        case 0x44: {
          // DataRow
          if (resultDone) break;
          const count = view.getInt16(start);
          const row: Record<string, unknown> = {};
          let at = start + 2;
          for (let i = 0; i < count; i += 1) {
            const size = view.getInt32(at);
            at += 4;
            if (size < 0) {
              row[names[i]!] = null;
              continue;
            }
            const text = this.decoder.decode(bytes.subarray(at, at + size));
            at += size;
            const parser = this.parsers[typeIds[i]!];
            row[names[i]!] = parser ? parser(text, typeIds[i]!) : text;
          }
          decoded.result.rows.push(row);
          break;
        }
        case 0x43: {
          // CommandComplete: "SELECT 2", "UPDATE 3", "INSERT 0 5", "CREATE TABLE"
          const [tag] = cstring(start);
          const parts = tag.split(' ');
          if (COUNTED_COMMANDS.has(parts[0]!)) decoded.result.affectedRows += Number(parts[parts.length - 1]) || 0;
          resultDone = true;
          break;
        }
        case 0x74: {
          // ParameterDescription
          const count = view.getInt16(start);
          for (let i = 0; i < count; i += 1) decoded.parameterTypes.push(view.getInt32(start + 2 + i * 4));
          break;
        }
        case 0x45: {
          // ErrorResponse: the first one is the statement's error
          if (decoded.error) break;
          const fields: Record<string, string> = {};
          let at = start;
          while (at < next && bytes[at] !== 0) {
            const key = String.fromCharCode(bytes[at]!);
            const [value, after] = cstring(at + 1);
            fields[key] = value;
            at = after;
          }
          const error = new Error(fields.M ?? 'Database error') as Error & Record<string, unknown>;
          error.name = 'error';
          for (const [key, property] of Object.entries(ERROR_FIELDS)) if (fields[key] !== undefined) error[property] = fields[key];
          decoded.error = error;
          break;
        }
        case 0x41: {
          // NotificationResponse: process id, channel, payload
          const [channel, after] = cstring(start + 4);
          const [payload] = cstring(after);
          decoded.notifications.push({ channel, payload });
          break;
        }
        default:
        // ParseComplete, BindComplete, NoData, ReadyForQuery, NoticeResponse, ParameterStatus…: nothing to read.
      }
      offset = next;
    }
    return decoded;
  }
}

/** The message for a statement sent as it is, without parameters (LISTEN, UNLISTEN, DEALLOCATE). */
export function simpleQuery(sql: string): Uint8Array {
  return concat([serialize.query(sql)]);
}
