/**
 * Statements with parameters, composed (docs/decisions/0053): `sql` is a tagged template whose `${values}` become
 * numbered parameters — `$1`, `$2`, … in the order they appear, however the pieces were nested — so no helper
 * numbers parameters by hand or depends on where another put its own. A fragment nests inside another as SQL, with
 * its values; `sql.join` lists fragments, `sql.where` makes a WHERE of the conditions that apply; `sql.id` writes an
 * identifier only from an allow-list and `sql.fixed` a constant of the code (its type must be a literal). Nothing else
 * ever becomes SQL text: a value is a parameter, except a whole number (`sql.int`) or an allow-listed word
 * (`sql.known`) written in on purpose so the plan is made for it.
 *
 *     const where = sql.join([sql`organization_id = ${org}`, sql`status = ${status}`], ' and ');
 *     await run(db, sql`select id from applications where ${where} order by ${sql.id(sort, SORTABLE)} limit ${limit}`);
 *
 * The same template with the same nesting always gives the same text, so PostgreSQL prepares it once (db/postgres-db.ts);
 * `run(db, query, { prepare: false })` has it planned for its values on every run instead.
 */
import type { QueryOptions, QueryResult, Queryable } from './db-types.ts';

const FRAGMENT = Symbol('sql fragment');

/** A piece of SQL and the values its `${}` holes take (values may be fragments themselves). */
export interface Sql {
  readonly [FRAGMENT]: true;
  readonly strings: readonly string[];
  readonly values: readonly unknown[];
}

/** A statement ready to send: its text, with `$n` numbered in order, and the values of `$1`…`$n`. */
export interface Statement {
  text: string;
  values: unknown[];
}

const isSql = (value: unknown): value is Sql => typeof value === 'object' && value !== null && FRAGMENT in value;

const fragment = (strings: readonly string[], values: readonly unknown[]): Sql => ({ [FRAGMENT]: true, strings, values });

function sqlTag(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return fragment(strings, values);
}

/** `fragments` one after another, `separator` between them (a plain string of SQL, e.g. ', ' or ' and '). */
function join(fragments: readonly Sql[], separator: string): Sql {
  if (fragments.length === 0) return EMPTY;
  const strings = ['', ...fragments.slice(1).map(() => separator), ''];
  return fragment(strings, fragments);
}

/** An identifier (a column, a table, a sort key) written as SQL, refused unless it is one of `allowed`. */
function id(name: string, allowed: readonly string[]): Sql {
  if (!allowed.includes(name)) throw new Error(`"${name}" is not an identifier this statement allows`);
  if (!/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/.test(name)) throw new Error(`"${name}" is not a plain identifier`);
  return fragment([name], []);
}

/**
 * SQL text fixed in the code (a list of columns, an ORDER BY of a sort table) as a fragment. Only a string whose
 * type is a literal is taken: a constant, never text computed at run time (`string` does not compile here).
 */
function fixed<T extends string>(text: string extends T ? never : T): Sql {
  return fragment([text], []);
}

/**
 * A whole number written into the text, not sent as a parameter: a page's LIMIT and OFFSET, which a plan made without
 * knowing them may read every matching row for. Anything but a safe integer is refused.
 */
function int(value: number): Sql {
  if (!Number.isSafeInteger(value)) throw new Error(`${value} is not a whole number`);
  return fragment([String(value)], []);
}

/**
 * One of `allowed` written into the text as a string literal ('viewer'), not sent as a parameter, so the plan is made
 * for it (a generic plan guesses every value alike). Anything outside the list, or not a plain word, is refused.
 */
function known(value: string, allowed: readonly string[]): Sql {
  if (!allowed.includes(value)) throw new Error(`"${value}" is not a value this statement allows`);
  if (!/^[a-z_][a-z0-9_]*$/.test(value)) throw new Error(`"${value}" is not a plain word`);
  return fragment([`'${value}'`], []);
}

/** `where a and b …` of the conditions that apply, or nothing when none does. */
function where(conditions: readonly Sql[]): Sql {
  return conditions.length === 0 ? EMPTY : sql`where ${join(conditions, ' and ')}`;
}

const EMPTY: Sql = fragment([''], []);

export const sql = Object.assign(sqlTag, {
  join,
  id,
  fixed,
  int,
  known,
  where,
  /** Nothing (a part a statement leaves out). */
  empty: EMPTY,
});

/** The statement `query` describes: its text with its parameters numbered in order, and their values. */
export function build(query: Sql): Statement {
  const values: unknown[] = [];
  let text = '';
  const walk = (piece: Sql) => {
    text += piece.strings[0];
    for (let i = 0; i < piece.values.length; i += 1) {
      const value = piece.values[i];
      if (isSql(value)) walk(value);
      else text += `$${values.push(value)}`;
      text += piece.strings[i + 1];
    }
  };
  walk(query);
  return { text, values };
}

/** Runs `query` on `q` (the pool, or a transaction); `options.prepare: false` plans it for its values every time. */
export function run<T = Record<string, unknown>>(q: Queryable, query: Sql, options?: QueryOptions): Promise<QueryResult<T>> {
  const { text, values } = build(query);
  return q.query<T>(text, values, options);
}
