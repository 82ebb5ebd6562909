/**
 * The admin side of applications: the list (keyset pages), one case with everything about it, erasure, retry,
 * cancel, and cases created by hand. Organization boundaries as everywhere: another organization's case is
 * "not found".
 */
import type { FastifyRequest } from 'fastify';
import { APPLICATION_MESSAGES, APPLICATION_SORTS, type ApplicationListQuery } from '@admin-portal/contract/applications/api';
import type { Db, Queryable } from '../../db/client.ts';
import { cancelCase, isOpen, lockCase, retryCase, type Runtime } from '../../engine/commands.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, invalidField } from '../../http/errors.ts';
import { SEARCH_WALK_ROWS } from '../../http/list-filter.ts';
import { assertVisible, listScope } from '../../http/organization-scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ESTIMATE_THRESHOLD, LIST_COUNT_CAP } from '../../db/capped-count.ts';
import { expectedMatchesAmong, organizationShare, rarePiece, sampleHits, sampleShowsMoreThan, textSample } from '../../db/text-sample.ts';
import { eraseApplication, findApplication, findEvents, findFiles, findStepRuns, findToolCalls, type ApplicationRow } from './applications.queries.ts';
import {
  APPLICATION_TEXT,
  applicationFilter,
  applicationListStatements,
  type ApplicationCursor,
  type ApplicationOrder,
  type ListedApplication,
} from './applications-list.queries.ts';
import { presentEvent, presentFile, presentReviewTask, presentStepRun, presentSummary, presentToolCall } from './applications.presenter.ts';
import { findReviewTasksOf } from './review-tasks.queries.ts';

const SORTS: Record<(typeof APPLICATION_SORTS)[number], ApplicationOrder> = {
  created_at: { column: 'created_at', desc: false },
  '-created_at': { column: 'created_at', desc: true },
  updated_at: { column: 'updated_at', desc: false },
  '-updated_at': { column: 'updated_at', desc: true },
};

interface Cursor extends ApplicationCursor {
  s: string;
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

type ListQuery = Omit<ApplicationListQuery, 'waiting_for_review' | 'overdue' | 'escalated' | 'limit' | 'offset'> & {
  limit: number;
  offset: number;
  waiting_for_review?: boolean;
  overdue?: boolean;
  escalated?: boolean;
};

export async function listApplications(db: Db, auth: AuthContext, q: ListQuery) {
  const sortKey = (q.sort ?? '-created_at') as keyof typeof SORTS;
  const scope = listScope(auth);
  // The organizations the caller's scope and filter name: review tasks carry them too (see the overdue count).
  const organizations = [scope, q.organization_id ?? null].filter((id): id is string => id !== null);
  // A rare piece of the text, when there is one, is what the trigram index is given (db/text-sample.ts).
  const sample = q.q ? await textSample(db, APPLICATION_TEXT) : null;
  const piece = sample && q.q ? rarePiece(sample, q.q) : null;
  const filter = applicationFilter(q, organizations, piece);
  const search = filter.search;
  // Free text within organizations only: a text the kept sample surely finds in more cases than the cap is not counted.
  const textAlone = search !== null && filter.where.length === filter.byOrganization + 1;
  const cursor = q.cursor ? decodeCursor(q.cursor, sortKey) : null;
  const offset = cursor ? 0 : q.offset;
  const list = applicationListStatements(db, filter, SORTS[sortKey], { cursor, limit: q.limit, offset });
  // Past the cap no count is made where it is sure to be reached: the kept sample for free text alone, the planner's
  // estimate (remembered 30 s) without free text, which it cannot estimate. Workflow + current step at a million
  // cases read 1,001 index entries to say "more than 1,000"; the estimate is one plan, and none while remembered.
  const pastCap = search ? textAlone && sampleShowsMoreThan(sample!, q.q!, organizations, LIST_COUNT_CAP) : (await list.estimate()) >= ESTIMATE_THRESHOLD;
  const counting = (): Promise<{ total: number; exact: boolean }> => (pastCap ? Promise.resolve({ total: LIST_COUNT_CAP, exact: false }) : list.count());
  // The page and the count go at once, except for free text that may match more cases than the cap, whose page is
  // looked for by walking the order once the count says so. A text the sample never found is rare (fewer than about
  // one case in ten thousand): its every match is the page's source.
  const rare = sample !== null && sample.size > 0 && sampleHits(sample, q.q!, organizations) === 0;
  if (!search || rare) {
    const [count, rows] = await Promise.all([counting(), list.pageOfAll()]);
    return listPage(rows.rows, count, q.limit, offset, sortKey);
  }
  type Rows = { rows: ListedApplication[] };
  type Count = { total: number; exact: boolean };
  // Counted and paged from one read of the trigram index (else no page: null). An organization holding a large part
  // of the table is tested on the rows the trigram index finds, not by ANDing its own index's bitmap: a quarter of a
  // million cases' bitmap took 16 ms of the 38 ms "mary smith" cost in one organization of four at a million; reading
  // the index's few thousand rows, 10 ms.
  const orgOnRows = sample !== null && organizationShare(sample, organizations) >= ORGANIZATION_TESTED_ON_ROWS;
  const countAndPage = async (): Promise<{ count: Count; rows: Rows | null }> => {
    const read = await list.countAndPage(orgOnRows);
    const hitCount = read.rows[0]!.hit_count;
    if (hitCount > LIST_COUNT_CAP) return { count: { total: LIST_COUNT_CAP, exact: false }, rows: null };
    return { count: { total: hitCount, exact: true }, rows: { rows: read.rows.filter((row) => row.id != null) as Rows['rows'] } };
  };
  // Free text matching more cases than the cap (the planner cannot tell a common text from a rare one, nor where in
  // the order its matches lie): the order's first SEARCH_WALK_ROWS cases only. A page (and one more) found there is the
  // right page, since no match before it was skipped; a text in more than about 0.5 % of the cases fills it there.
  // Otherwise (null), every match from the trigram index, sorted.
  const walk = async (): Promise<Rows | null> => {
    const walked = await list.walk();
    return walked.rows.length > q.limit ? walked : null;
  };
  let count: Count;
  let rows: Rows | null;
  if (pastCap) {
    count = await counting();
    rows = await walk();
  } else if (cursor) {
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
  rows ??= await list.pageOfAll();
  return listPage(rows.rows, count, q.limit, offset, sortKey);
}

/** The list's answer: `limit` rows of the `limit + 1` read (one more says a next page exists) and the count. */
function listPage(rows: ListedApplication[], count: { total: number; exact: boolean }, limit: number, offset: number, sortKey: keyof typeof SORTS) {
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

export async function visibleApplication(db: Queryable, auth: AuthContext, id: string): Promise<ApplicationRow> {
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
    await eraseApplication(tx, id);
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
