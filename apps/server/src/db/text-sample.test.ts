import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './client.ts';
import {
  drawTextSample,
  expectedMatchesAmong,
  organizationShare,
  rarePiece,
  sampleHits,
  sampleShowsMoreThan,
  textSampleOf,
  TEXT_SAMPLE_FRESH_MS,
  TEXT_SAMPLE_ROWS,
  textSample,
  type TextSample,
  type TextSource,
} from './text-sample.ts';

/**
 * 30,000 rows over three organizations, drawn whole (the sample is TEXT_SAMPLE_ROWS of them): "common" in every
 * third row, the domain "acme" only in organization a's, "rare<n>" once each, and every text ends in "@mail".
 */
const ROWS = 30_000;
const SOURCE: TextSource = { table: 'sampled', alias: 's', text: `(s.name || E'\\x01' || s.email)`, organization: 's.org' };

let db: Db;
let sample: TextSample;
const count = async (text: string, org?: string) =>
  (
    await db.query<{ n: number }>(`select count(*)::int as n from sampled s where ${SOURCE.text} ilike $1 and ($2::text is null or s.org = $2)`, [
      `%${text}%`,
      org ?? null,
    ])
  ).rows[0]!.n;

beforeAll(async () => {
  db = await createDb({});
  await db.query('create table sampled (org text not null, name text not null, email text not null)');
  await db.query(
    `insert into sampled select (array['a', 'b', 'c'])[1 + g % 3], case when g % 3 = 1 then 'Common Name' else 'Other ' || g end,
            'rare' || g || case when g % 3 = 0 then '@acme' else '@mail' end from generate_series(1, ${ROWS}) g`,
  );
  await db.query('analyze sampled');
  sample = await drawTextSample(db, SOURCE, 0);
}, 60_000);
afterAll(() => db.close());

describe('drawTextSample', () => {
  it('draws about TEXT_SAMPLE_ROWS lower-cased texts with their organizations from a table past the minimum', () => {
    expect(sample.tableRows).toBe(ROWS);
    expect(sample.size).toBeGreaterThan(TEXT_SAMPLE_ROWS / 2);
    expect(sample.size).toBeLessThan(TEXT_SAMPLE_ROWS * 2);
    expect(sample.all).toBe(sample.all.toLowerCase());
    expect(sample.all.split('\0')).toHaveLength(sample.size);
    expect([...sample.byOrganization.keys()].sort()).toEqual(['a', 'b', 'c']);
    expect([...sample.byOrganization.values()].reduce((n, texts) => n + texts.split('\0').length, 0)).toBe(sample.size);
  });

  it('draws nothing from a table below the minimum, so every text is counted', async () => {
    const small = await drawTextSample(db, SOURCE, ROWS + 1);
    expect(small.size).toBe(0);
    expect(sampleShowsMoreThan(small, 'common', [], 0)).toBe(false);
    expect(rarePiece(small, 'rare7@mail')).toBeNull();
  });
});

describe('sampleShowsMoreThan', () => {
  it('claims more than the cap only where the table holds more', async () => {
    for (const [text, orgs, cap, claimed] of [
      ['common', [], 1_000, true],
      ['COMMON name', ['b'], 1_000, true],
      ['acme', ['c'], 1_000, false], // all 10,000 "acme" rows are organization a's: none in c
      ['acme', ['a'], 1_000, true],
      ['acme', ['a', 'b'], 0, false], // no row is in two organizations
      ['common', [], 20_000, false],
      ['rare1234', [], 0, false], // rare1234, rare12340…rare12349: 11 rows, too few sampled to claim anything
      ['nothing like it', [], 0, false],
    ] as const) {
      expect(sampleShowsMoreThan(sample, text, orgs, cap), `${text} in ${orgs.join()}`).toBe(claimed);
      if (claimed) expect(await count(text, orgs[0])).toBeGreaterThan(cap);
    }
  });
});

describe('sampleHits', () => {
  it('counts each sampled row holding the text once, within the organizations, and remembers the answer', () => {
    const s = textSampleOf(
      [
        { o: 'a', t: 'anna anna@a' },
        { o: 'a', t: 'bob@a' },
        { o: 'b', t: 'anna@b' },
      ],
      3,
      0,
    );
    expect(sampleHits(s, 'ANNA')).toBe(2);
    expect(sampleHits(s, 'anna', ['a'])).toBe(1);
    expect(sampleHits(s, 'anna', ['a', 'a'])).toBe(1);
    expect(sampleHits(s, 'anna', ['a', 'b'])).toBe(0);
    expect(sampleHits(s, 'a@b', ['c'])).toBe(0);
    expect(sampleHits(s, '@')).toBe(3);
    expect(sampleHits(s, 'a\0b')).toBe(0); // never across two rows
    expect(sampleHits(s, 'b@a')).toBe(1);
    expect(s.found.get('a\0anna')).toBe(1);
  });
});

describe('expectedMatchesAmong', () => {
  it('expects, less two standard deviations, the matches a walk of some rows of an organization finds', async () => {
    // "Common Name" is every row of organization b's, and so a third of the table's: a walk of 300 rows finds 300, and 100.
    const inB = expectedMatchesAmong(sample, 'common name', ['b'], 300);
    expect(inB).toBeGreaterThan(280);
    expect(inB).toBeLessThan(300);
    const inAll = expectedMatchesAmong(sample, 'common name', [], 300);
    expect(inAll).toBeGreaterThan(85);
    expect(inAll).toBeLessThan(100);
    expect(expectedMatchesAmong(sample, 'common name', ['a'], 300)).toBe(0);
    expect(expectedMatchesAmong(sample, 'nobody', ['a'], 300)).toBe(0);
  });

  it('expects nothing where the sample cannot say: an organization it drew no rows of, or an empty sample', () => {
    expect(expectedMatchesAmong(sample, 'common name', ['z'], 300)).toBe(0);
    expect(expectedMatchesAmong(sample, 'common name', ['a', 'b'], 300)).toBe(0);
    expect(expectedMatchesAmong(textSampleOf([], 0, Date.now()), 'common name', [], 300)).toBe(0);
  });
});

describe('organizationShare', () => {
  it('is the share of the table an organization holds, as sampled', () => {
    // Three organizations of 10,000 rows each.
    expect(organizationShare(sample, ['a'])).toBeGreaterThan(0.3);
    expect(organizationShare(sample, ['a'])).toBeLessThan(0.37);
    expect(organizationShare(sample, [])).toBe(1);
    expect(organizationShare(sample, ['z'])).toBe(0);
    expect(organizationShare(textSampleOf([], 0, Date.now()), ['a'])).toBe(0);
  });
});

describe('rarePiece', () => {
  it('gives the rarest piece of a text that also holds a common one', () => {
    expect(rarePiece(sample, 'rare12345@mail')).toBe('rare12345');
    expect(rarePiece(sample, 'Common rare12345')).toBe('rare12345');
  });

  it('gives none when every piece is rare, the text is one piece, or no piece is rare', () => {
    expect(rarePiece(sample, 'rare12345 rare678')).toBeNull();
    expect(rarePiece(sample, 'rare12345')).toBeNull();
    expect(rarePiece(sample, 'common@mail')).toBeNull();
    expect(rarePiece(sample, 'ra@mail')).toBeNull(); // pieces under three letters are never given alone
  });
});

describe('textSample', () => {
  it('keeps one draw per database and source until TEXT_SAMPLE_FRESH_MS old', async () => {
    const other = await createDb({});
    try {
      await other.query('create table sampled (org text not null, name text not null, email text not null)');
      const t0 = 5_000_000;
      const first = textSample(other, SOURCE, t0);
      expect(textSample(other, SOURCE, t0 + TEXT_SAMPLE_FRESH_MS - 1)).toBe(first);
      const again = textSample(other, SOURCE, t0 + TEXT_SAMPLE_FRESH_MS);
      expect(again).not.toBe(first);
      expect((await again).size).toBe(0); // never analysed: no rows known, nothing drawn
    } finally {
      await other.close();
    }
  });

  it('forgets a failed draw, so the next one tries again', async () => {
    const missing: TextSource = { ...SOURCE, table: 'no_such_table' };
    const failed = textSample(db, missing, 1);
    await expect(failed).rejects.toThrow();
    expect(textSample(db, missing, 2)).not.toBe(failed);
    await expect(textSample(db, missing, 2)).rejects.toThrow();
  });
});
