/**
 * `sql` with its `$n` parameters written in as literals. A query with parameters is prepared under a name
 * (db/postgres-db.ts), and after a few runs PostgreSQL may keep a generic plan that suits no value in particular (a rare
 * role, status or search word read by walking a whole index); a query without parameters is planned for its values
 * every time. Used by the list queries whose best plan depends on the value. Every value is written as an escape
 * string — E'…' with backslashes and quotes doubled, read the same whatever standard_conforming_strings says (an
 * untyped literal, as a parameter is: the SQL casts where it needs a type); null and undefined as NULL. A value with a NUL character is refused (PostgreSQL text cannot hold one).
 */
export function withLiterals(sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = String(value);
  if (text.includes('\u0000')) throw new Error('A query value holds a NUL character');
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
