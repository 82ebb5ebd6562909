import type { Queryable } from './client.ts';

/**
 * A kept sample of a large table's free-text column, to tell a text that surely matches more rows than a list counts
 * from one that must be counted. Counting a common text up to LIST_COUNT_CAP costs what the trigram index's posting
 * lists cost, and they grow with the table ("mar" among a million users: 27 ms for the count alone); looking for the
 * text in ten thousand sampled texts held in memory costs a fraction of a millisecond. The planner cannot serve: its
 * estimate for `ilike '%…%'` comes from a histogram of 100 values (a text in 0.5 % of the rows may be in none), and it
 * multiplies the text's share by the organization's, although a company's users share its email domain.
 */

/** Rows drawn into a sample (whole pages of the table, TABLESAMPLE SYSTEM). */
export const TEXT_SAMPLE_ROWS = 10_000;
/** How long a sample is used before it is drawn again. */
export const TEXT_SAMPLE_FRESH_MS = 5 * 60_000;
/** Tables smaller than this (by the statistics' row count) are not sampled: counting there is cheap. */
export const TEXT_SAMPLE_MIN_TABLE_ROWS = 50_000;
/** Fewest sampled matches a claim rests on, whatever the table's size. */
const MIN_HITS = 25;

/** Where a list's free text lives: the table, its alias in `text` and `organization`, and those two expressions. */
export interface TextSource {
  table: string;
  alias: string;
  /** The searched text (the list's ilike operand), an SQL expression on `alias`. */
  text: string;
  /** The row's organization, an SQL expression on `alias`. */
  organization: string;
}

export interface TextSample {
  /** The table's rows by its statistics when drawn. */
  tableRows: number;
  /** Rows drawn: none when the table is below the minimum. */
  size: number;
  /** The drawn texts, lower-cased and joined by NUL (which no text holds): all, and each organization's. */
  all: string;
  byOrganization: Map<string, string>;
  /** Matches already looked for, by organizations and text (a page asked again costs nothing). */
  found: Map<string, number>;
  at: number;
}

/** Texts whose matches are remembered per sample; past this the memory starts again. */
const MAX_REMEMBERED = 1_000;

/** A sample of these rows (organization, lower-cased text). */
export function textSampleOf(rows: readonly { o: string; t: string }[], tableRows: number, at: number): TextSample {
  const groups = new Map<string, string[]>();
  for (const r of rows) {
    let group = groups.get(r.o);
    if (!group) groups.set(r.o, (group = []));
    group.push(r.t);
  }
  const byOrganization = new Map([...groups].map(([o, texts]) => [o, texts.join('\0')]));
  return { tableRows, size: rows.length, all: rows.map((r) => r.t).join('\0'), byOrganization, found: new Map(), at };
}

/** Sampled rows whose text holds `text` (case-insensitively), within every one of `organizations`. */
export function sampleHits(sample: TextSample, text: string, organizations: readonly string[] = []): number {
  const needle = text.toLowerCase();
  if (needle.length === 0) return sample.size;
  if (sample.size === 0 || needle.includes('\0')) return 0;
  const key = `${organizations.join(',')}\0${needle}`;
  const known = sample.found.get(key);
  if (known !== undefined) return known;
  const haystack =
    organizations.length === 0 ? sample.all : organizations.every((o) => o === organizations[0]) ? (sample.byOrganization.get(organizations[0]!) ?? '') : '';
  let hits = 0;
  // One search through the joined texts; after a match, on from the next text (a row counts once).
  for (let at = haystack.indexOf(needle); at !== -1;) {
    hits += 1;
    const next = haystack.indexOf('\0', at + needle.length);
    at = next === -1 ? -1 : haystack.indexOf(needle, next + 1);
  }
  if (sample.found.size >= MAX_REMEMBERED) sample.found.clear();
  sample.found.set(key, hits);
  return hits;
}

const kept = new WeakMap<Queryable, Map<string, { drawing: Promise<TextSample>; at: number }>>();

/** Draws a sample: about TEXT_SAMPLE_ROWS rows from random pages, or none below `minTableRows`. */
export async function drawTextSample(db: Queryable, source: TextSource, minTableRows = TEXT_SAMPLE_MIN_TABLE_ROWS, now = Date.now()): Promise<TextSample> {
  const stats = await db.query<{ n: number }>('select greatest(reltuples, 0)::float8 as n from pg_class where oid = $1::regclass', [source.table]);
  const tableRows = Number(stats.rows[0]?.n ?? 0);
  if (tableRows < minTableRows || tableRows === 0) return textSampleOf([], tableRows, now);
  const percent = Math.min(100, (100 * TEXT_SAMPLE_ROWS) / tableRows).toFixed(6);
  const res = await db.query<{ o: string; t: string }>(
    `select ${source.organization}::text as o, lower(${source.text}) as t from ${source.table} ${source.alias} tablesample system (${percent})`,
  );
  return textSampleOf(res.rows, tableRows, now);
}

/** The kept sample of `source` for `db`, drawn again once TEXT_SAMPLE_FRESH_MS old; concurrent callers share one draw. */
export function textSample(db: Queryable, source: TextSource, now = Date.now()): Promise<TextSample> {
  let samples = kept.get(db);
  if (!samples) kept.set(db, (samples = new Map()));
  const key = `${source.table}\u0000${source.text}`;
  const known = samples.get(key);
  if (known && now - known.at < TEXT_SAMPLE_FRESH_MS) return known.drawing;
  const entry = { drawing: drawTextSample(db, source, TEXT_SAMPLE_MIN_TABLE_ROWS, now), at: now };
  samples.set(key, entry);
  // A failed draw is forgotten, so the next list draws again.
  entry.drawing.catch(() => samples.get(key) === entry && samples.delete(key));
  return entry.drawing;
}

/**
 * Whether the sample shows, beyond reasonable doubt, more than `cap` rows containing `text` (case-insensitively) in
 * every one of `organizations`: the sampled matches less three standard deviations, scaled to the table, exceed it,
 * and at least MIN_HITS were sampled. False whenever the sample is empty (a small table), so the caller counts.
 */
export function sampleShowsMoreThan(sample: TextSample, text: string, organizations: readonly string[], cap: number): boolean {
  if (sample.size === 0) return false;
  const hits = sampleHits(sample, text, organizations);
  return hits >= MIN_HITS && ((hits - 3 * Math.sqrt(hits)) * sample.tableRows) / sample.size > cap;
}

/**
 * How many of `rows` rows of `organizations` (the first rows of an order the text does not follow) the sample expects
 * to hold `text`, less two standard deviations: a walk of that many rows finds at least this many matches unless the
 * sample misled. 0 when the sample cannot say (a small table, or fewer than MIN_HITS of the organizations' rows drawn).
 */
export function expectedMatchesAmong(sample: TextSample, text: string, organizations: readonly string[], rows: number): number {
  if (sample.size === 0) return 0;
  const drawn = organizations.length === 0 ? sample.size : organizations.every((o) => o === organizations[0]) ? sampleRowsOf(sample, organizations[0]!) : 0;
  if (drawn < MIN_HITS) return 0;
  const hits = sampleHits(sample, text, organizations);
  return Math.max(0, ((hits - 2 * Math.sqrt(hits)) * rows) / drawn);
}

/** The share of the table's rows in `organizations` (every one of them), as the sample saw it: 0 when it saw none. */
export function organizationShare(sample: TextSample, organizations: readonly string[]): number {
  if (sample.size === 0) return 0;
  if (organizations.length === 0) return 1;
  return organizations.every((o) => o === organizations[0]) ? sampleRowsOf(sample, organizations[0]!) / sample.size : 0;
}

/** Rows the sample drew from one organization. */
function sampleRowsOf(sample: TextSample, organization: string): number {
  const texts = sample.byOrganization.get(organization);
  if (texts === undefined) return 0;
  let rows = 1;
  for (let at = texts.indexOf('\0'); at !== -1; at = texts.indexOf('\0', at + 1)) rows += 1;
  return rows;
}

/** `sampleShowsMoreThan` on the kept sample of `source`. */
export async function surelyMatchesMoreThan(db: Queryable, source: TextSource, text: string, organizations: readonly string[], cap: number): Promise<boolean> {
  return sampleShowsMoreThan(await textSample(db, source), text, organizations, cap);
}

/** Pieces of a searched text shorter than this are never looked up alone (a trigram index needs three letters). */
const MIN_PIECE = 3;
/** Sampled matches up to which a piece counts as rare: its few rows are read from the trigram index and checked. */
const RARE_PIECE_HITS = 2;
/** Share of the sample from which a piece counts as common: its trigrams' posting lists are long. */
const COMMON_PIECE_SHARE = 0.01;

/**
 * The piece of `text` (a run of letters and digits) that the sample finds least often, when it is rare there and
 * another piece is common; otherwise null. A trigram index reads the posting list of every trigram of the text, and a
 * rare text may hold a common piece ("500001@org2": "org" is in every email; 10 ms for the index alone among a million
 * users, 0.3 ms for "500001"), so the index is given the rare piece and the rows it finds are checked against the
 * whole text. Where every piece is rare the index reads short lists anyway ("no-such-person": 0.5 ms against 2–4 ms
 * for "person" alone, whose "son" is common).
 */
export function rarePiece(sample: TextSample, text: string): string | null {
  if (sample.size === 0) return null;
  const pieces = [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter((p) => p.length >= MIN_PIECE);
  const counted = pieces.map((piece) => ({ piece, hits: sampleHits(sample, piece) }));
  const rarest = counted.reduce<(typeof counted)[number] | null>(
    (best, c) => (!best || c.hits < best.hits || (c.hits === best.hits && c.piece.length > best.piece.length) ? c : best),
    null,
  );
  const common = counted.some((c) => c.hits >= COMMON_PIECE_SHARE * sample.size);
  return rarest && rarest.hits <= RARE_PIECE_HITS && common ? rarest.piece : null;
}
