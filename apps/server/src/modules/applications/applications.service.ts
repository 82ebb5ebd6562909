/**
 * The admin side of applications: the list (keyset pages), one case with everything about it, erasure, retry,
 * cancel, and cases created by hand. Organization boundaries as everywhere: another organization's case is
 * "not found".
 */
import type { FastifyRequest } from 'fastify';
import { APPLICATION_MESSAGES, APPLICATION_SORTS, type ApplicationListQuery } from '@admin-portal/contract/applications/api';
import type { Db } from '../../db/client.ts';
import { cancelCase, isOpen, lockCase, retryCase, type Runtime } from '../../engine/commands.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, invalidField } from '../../http/errors.ts';
import { assertSort, SEARCH_WALK_ROWS, sqlConditions, textCondition } from '../../http/list-filter.ts';
import { assertVisible, listScope } from '../../http/organization-scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { countCapped, ESTIMATE_THRESHOLD, LIST_COUNT_CAP } from '../../db/capped-count.ts';
import { estimateRows } from '../../db/estimates.ts';
import { expectedMatchesAmong, organizationShare, rarePiece, sampleHits, sampleShowsMoreThan, textSample, type TextSource } from '../../db/text-sample.ts';
import { APPLICATION_SELECT, findApplication, findEvents, findFiles, findStepRuns, findToolCalls, type ApplicationRow } from './applications.queries.ts';
import { withLiterals } from '../../db/literals.ts';
import { presentEvent, presentFile, presentReviewTask, presentStepRun, presentSummary, presentToolCall } from './applications.presenter.ts';
import { findReviewTasksOf } from './review-tasks.queries.ts';

const SORTS: Record<(typeof APPLICATION_SORTS)[number], { column: 'created_at' | 'updated_at'; desc: boolean }> = {
  created_at: { column: 'created_at', desc: false },
  '-created_at': { column: 'created_at', desc: true },
  updated_at: { column: 'updated_at', desc: false },
  '-updated_at': { column: 'updated_at', desc: true },
};

interface Cursor {
  s: string;
  v: string;
  id: string;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(text: string, sort: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (c.s === sort && typeof c.v === 'string' && !Number.isNaN(Date.parse(c.v)) && /^[0-9a-f-]{36}$/.test(c.id)) return c;
  } catch {
    // fall through
  }
  throw invalidField('cursor', 'This cursor does not belong to this list (its sort changed, or it was altered)');
}

/**
 * Share of the table from which an organization's cases are told apart on the rows free text finds rather than through
 * the organization's index: a bitmap of its cases costs more past about a fifth of the table than reading the
 * matches' rows until the cap is reached (0.06 µs an index entry against 2.5 µs a row, at a million cases).
 */
const ORGANIZATION_TESTED_ON_ROWS = 0.2;

/**
 * The text `q` searches: the applicant's name and email and the external reference. It must stay identical to the
 * expression of `applications_search_trgm_idx` (migration 0014), or the search stops using the trigram index; the
 * separator E'\x01' keeps a match from running from one field into the next.
 */
export const APPLICATION_SEARCH_TEXT = `(a.applicant_name || E'\\x01' || a.applicant_email || E'\\x01' || coalesce(a.external_ref, ''))`;

/** Where the list's free text lives, for the kept sample of it (db/text-sample.ts). */
const APPLICATION_TEXT: TextSource = { table: 'applications', alias: 'a', text: APPLICATION_SEARCH_TEXT, organization: 'a.organization_id' };

type ListQuery = Omit<ApplicationListQuery, 'waiting_for_review' | 'overdue' | 'limit' | 'offset'> & {
  limit: number;
  offset: number;
  waiting_for_review?: boolean;
  overdue?: boolean;
};

export async function listApplications(db: Db, auth: AuthContext, q: ListQuery) {
  assertSort(SORTS, q.sort);
  const sortKey = (q.sort ?? '-created_at') as keyof typeof SORTS;
  const sort = SORTS[sortKey];
  const { where, params, bind } = sqlConditions();
  const scope = listScope(auth);
  // The organizations the caller's scope and filter name: review tasks carry them too (see the overdue count).
  const organizations = [scope, q.organization_id ?? null].filter((id): id is string => id !== null);
  for (const id of organizations) where.push(`a.organization_id = ${bind(id)}`);
  const byOrganization = where.length;
  if (q.status) where.push(`a.status = ${bind(q.status)}`);
  if (q.workflow_id) where.push(`a.workflow_id = ${bind(q.workflow_id)}`);
  if (q.current_step_id) where.push(`a.current_step_id = ${bind(q.current_step_id)}`);
  if (q.waiting_for_review === true) where.push(`a.status = 'waiting' and a.waiting_for = 'approval'`);
  if (q.waiting_for_review === false) where.push(`not (a.status = 'waiting' and a.waiting_for = 'approval')`);
  // Overdue: each case keeps the earliest due time of its open review tasks (migration 0019, kept by triggers); the
  // cases that have one are indexed in each order of the list with it as a key (a page tests it in the index, about
  // ten entries per overdue case at any size) and by due time within an organization (the count).
  if (q.overdue === true) where.push('a.review_due_at < now()');
  if (q.overdue === false) where.push('(a.review_due_at is null or a.review_due_at >= now())');
  if (q.from) where.push(`a.created_at >= ${bind(q.from)}::timestamptz`);
  if (q.to) where.push(`a.created_at < ${bind(q.to)}::timestamptz`);
  // A rare piece of the text, when there is one, is what the trigram index is given (db/text-sample.ts).
  const sample = q.q ? await textSample(db, APPLICATION_TEXT) : null;
  const piece = sample && q.q ? rarePiece(sample, q.q) : null;
  const search = q.q ? textCondition(APPLICATION_SEARCH_TEXT, q.q, piece, bind) : null;
  if (search) where.push(search);
  // Free text within organizations only: a text the kept sample surely finds in more cases than the cap is not counted.
  const textAlone = search !== null && where.length === byOrganization + 1;
  const matches = `select 1 from applications a ${where.length ? `where ${where.join(' and ')}` : ''}`;
  const countSql = withLiterals(matches, params);

  const page = [...where];
  if (q.cursor) {
    const c = decodeCursor(q.cursor, sortKey);
    const op = sort.desc ? '<' : '>';
    page.push(`(a.${sort.column}, a.id) ${op} (${bind(c.v)}::timestamptz, ${bind(c.id)}::uuid)`);
  }
  const direction = sort.desc ? 'desc' : 'asc';
  const order = `order by a.${sort.column} ${direction}, a.id ${direction}`;
  const offset = q.cursor ? 0 : q.offset;
  const pageOf = (matches: string, skip = offset) =>
    withLiterals(`select * from (${APPLICATION_SELECT} where ${matches} ${order} limit ${q.limit + 1} offset ${skip}) page`, params);
  const all = page.length ? page.join(' and ') : 'true';
  // Past the cap no count is made where it is sure to be reached: the kept sample for free text alone, the planner's
  // estimate (remembered 30 s) without free text, which it cannot estimate. Workflow + current step at a million
  // cases read 1,001 index entries to say "more than 1,000"; the estimate is one plan, and none while remembered.
  const pastCap = search
    ? textAlone && sampleShowsMoreThan(sample!, q.q!, organizations, LIST_COUNT_CAP)
    : (await estimateRows(db, countSql, [])) >= ESTIMATE_THRESHOLD;
  const counting = (): Promise<{ total: number; exact: boolean }> =>
    pastCap ? Promise.resolve({ total: LIST_COUNT_CAP, exact: false }) : countCapped(db, countSql);
  // Free text's every match: first their ids and sort keys (from the trigram index), sorted, then the page's cases.
  // Left to itself, the planner may walk the order and test each case instead, expecting matches spread evenly: "REF-0000"
  // (the oldest cases' references) in one organization walked 990,000 cases for 1.4 s.
  const pageOfAll = () =>
    db.query<ApplicationRow & { sort_value: string }>(
      search
        ? `with hits as materialized (${withLiterals(`select a.id, a.${sort.column} as k from applications a where ${all}`, params)}) ${pageOf(
            `a.id in (select h.id from hits h order by h.k ${direction}, h.id ${direction} limit ${q.limit + 1} offset ${offset})`,
            0,
          )}`
        : pageOf(all),
    );
  // The page and the count go at once, except for free text that may match more cases than the cap, whose page is
  // looked for by walking the order once the count says so. A text the sample never found is rare (fewer than about
  // one case in ten thousand): its every match is the page's source.
  const rare = sample !== null && sample.size > 0 && sampleHits(sample, q.q!, organizations) === 0;
  if (!search || rare) {
    const [count, rows] = await Promise.all([counting(), pageOfAll()]);
    return listPage(rows.rows, count, q.limit, offset, sortKey);
  }
  type Rows = { rows: (ApplicationRow & { sort_value: string })[] };
  type Count = { total: number; exact: boolean };
  // Counted and paged from one read of the trigram index: up to the cap and one more of the matches, kept; at most the
  // cap means they are every match, so their count is the total and the page is theirs (else no page: null).
  // An organization holding a large part of the table is tested on the rows the trigram index finds, not by ANDing
  // its own index's bitmap, which the planner prefers: a quarter of a million cases' bitmap took 16 ms of the 38 ms
  // "mary smith" cost in one organization of four at a million; reading the index's few thousand rows, 10 ms.
  const orgOnRows = sample !== null && organizationShare(sample, organizations) >= ORGANIZATION_TESTED_ON_ROWS;
  const hitsWhere = where.map((condition, i) => (orgOnRows && i < byOrganization ? `(${condition}) is true` : condition)).join(' and ');
  const countAndPage = async (): Promise<{ count: Count; rows: Rows | null }> => {
    const hits = `with hits as materialized (${withLiterals(`select a.id, a.${sort.column} as k from applications a where ${hitsWhere} limit ${LIST_COUNT_CAP + 1}`, params)})`;
    const read = await db.query<Partial<ApplicationRow & { sort_value: string }> & { hit_count: number }>(
      `${hits} select n.hit_count, page.* from (select count(*)::int as hit_count from hits) n left join (${pageOf(
        `a.id in (select h.id from hits h order by h.k ${direction}, h.id ${direction} limit ${q.limit + 1} offset ${offset})`,
        0,
      )}) page on true order by page.${sort.column} ${direction}, page.id ${direction}`,
    );
    const hitCount = read.rows[0]!.hit_count;
    if (hitCount > LIST_COUNT_CAP) return { count: { total: LIST_COUNT_CAP, exact: false }, rows: null };
    return { count: { total: hitCount, exact: true }, rows: { rows: read.rows.filter((row) => row.id != null) as Rows['rows'] } };
  };
  // Free text matching more cases than the cap (the planner cannot tell a common text from a rare one, nor where in
  // the order its matches lie): the order's first SEARCH_WALK_ROWS cases only. A page (and one more) found there is the
  // right page, since no match before it was skipped; a text in more than about 0.5 % of the cases fills it there.
  // Otherwise (null), every match from the trigram index, sorted.
  const walk = async (): Promise<Rows | null> => {
    const rest = page.filter((condition) => condition !== search);
    const walked = await db.query<ApplicationRow & { sort_value: string }>(
      pageOf(
        `a.id in (select a.id from (select a.id, a.${sort.column}, a.applicant_name, a.applicant_email, a.external_ref from applications a
                                          ${rest.length ? `where ${rest.join(' and ')}` : ''} ${order} limit ${SEARCH_WALK_ROWS}) a
                        where ${search} ${order} limit ${q.limit + 1} offset ${offset})`,
        0,
      ),
    );
    return walked.rows.length > q.limit ? walked : null;
  };
  let count: Count;
  let rows: Rows | null;
  if (pastCap) {
    count = await counting();
    rows = await walk();
  } else if (q.cursor) {
    count = await counting();
    rows = count.exact ? null : await walk();
  } else if (textAlone && expectedMatchesAmong(sample!, q.q!, organizations, SEARCH_WALK_ROWS) >= offset + q.limit + 1) {
    // A text the sample expects the walk to find a page of ("mary smith" in one organization of a million cases: the
    // count's intersection of long posting lists, 30 ms, and the walk, 13 ms) is counted and walked at once.
    const [read, walked] = await Promise.all([countAndPage(), walk()]);
    count = read.count;
    rows = walked ?? read.rows;
  } else {
    const read = await countAndPage();
    count = read.count;
    rows = read.rows ?? (await walk());
  }
  rows ??= await pageOfAll();
  return listPage(rows.rows, count, q.limit, offset, sortKey);
}

/** The list's answer: `limit` rows of the `limit + 1` read (one more says a next page exists) and the count. */
function listPage(
  rows: (ApplicationRow & { sort_value: string })[],
  count: { total: number; exact: boolean },
  limit: number,
  offset: number,
  sortKey: keyof typeof SORTS,
) {
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const column = SORTS[sortKey].column;
  return {
    items: items.map(presentSummary),
    total: count.total,
    total_exact: count.exact,
    limit,
    offset,
    next_cursor: more && last ? encodeCursor({ s: sortKey, v: (last[column] as Date).toISOString(), id: last.id }) : null,
  };
}

export async function visibleApplication(db: Db, auth: AuthContext, id: string): Promise<ApplicationRow> {
  const row = await findApplication(db, id);
  assertVisible(auth, row, 'Application');
  return row;
}

export async function getApplication(db: Db, auth: AuthContext, id: string) {
  const row = await visibleApplication(db, auth, id);
  const [steps, events, tasks, toolCalls, files] = await Promise.all([
    findStepRuns(db, id),
    findEvents(db, id),
    findReviewTasksOf(db, id),
    findToolCalls(db, id),
    findFiles(db, id),
  ]);
  return {
    ...presentSummary(row),
    applicant: row.applicant,
    data: row.data,
    steps: steps.map(presentStepRun),
    events: events.map(presentEvent),
    review_tasks: tasks.map(presentReviewTask),
    tool_calls: toolCalls.map(presentToolCall),
    files: files.map(presentFile),
  };
}

/**
 * Erases the case: applicant, data, files, steps, events, reviews and notifications go, and its tool calls keep
 * only their status and timing; the audit row says who erased it.
 */
export async function deleteApplication(db: Db, request: FastifyRequest, auth: AuthContext, id: string) {
  await db.transaction(async (tx) => {
    const row = await findApplication(tx, id);
    assertVisible(auth, row, 'Application');
    await tx.query('delete from applications where id = $1', [id]);
    // The case's tool calls stay for the tools' analytics (status, latency), without what they carried.
    await tx.query(
      `update tool_executions set input = null, output = null, request = null, response = null, error = case when error is null then null else '[erased]' end
        where caller_type = 'workflow' and caller_id = $1`,
      [id],
    );
    await recordAudit(tx, request, {
      action: 'application.delete',
      targetType: 'application',
      targetId: id,
      organizationId: row.organization_id,
      changes: {
        workflow_id: row.workflow_id,
        status: row.status,
        external_ref: row.external_ref,
        erased: ['applicant', 'data', 'files', 'events', 'steps', 'review_tasks', 'tool_call_contents'],
      },
    });
  });
  return { success: true, message: 'Application deleted: its applicant data, files and history are erased' };
}

/** A failed case runs its failed step again (a fresh attempt count). */
export async function retryApplication(db: Db, runtime: Runtime, request: FastifyRequest, auth: AuthContext, id: string) {
  await db.transaction(async (tx) => {
    const c = await lockCase(tx, id);
    assertVisible(auth, c, 'Application');
    if (c.status !== 'failed') throw conflict(APPLICATION_MESSAGES.notFailed);
    await retryCase(tx, db, c, { type: 'user', id: auth.userId });
    await recordAudit(tx, request, { action: 'application.retry', targetType: 'application', targetId: id, organizationId: c.organization_id });
  });
  runtime.wake();
  return (await findApplication(db, id))!;
}

/** Stops an open case: its open step and review tasks are cancelled, and it runs no more. */
export async function cancelApplication(db: Db, request: FastifyRequest, auth: AuthContext, id: string, reason?: string) {
  await db.transaction(async (tx) => {
    const c = await lockCase(tx, id);
    assertVisible(auth, c, 'Application');
    if (!isOpen(c)) throw conflict(APPLICATION_MESSAGES.notOpen);
    await cancelCase(tx, db, c, { type: 'user', id: auth.userId }, reason);
    await recordAudit(tx, request, {
      action: 'application.cancel',
      targetType: 'application',
      targetId: id,
      organizationId: c.organization_id,
      changes: reason ? { reason } : {},
    });
  });
  return (await findApplication(db, id))!;
}
