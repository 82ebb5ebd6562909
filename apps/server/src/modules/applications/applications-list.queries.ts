/**
 * The statements of the applications list (applications.service.ts decides which of them a request runs): its
 * conditions, the count, the page of every match, the count and page from one read of the trigram index, and the
 * walk of the order's first rows. Statements whose best plan depends on the values (free text above all) are not
 * prepared, so each is planned for them.
 */
import type { ApplicationListQuery } from '@admin-portal/contract/applications/api';
import { countCapped, LIST_COUNT_CAP } from '../../db/capped-count.ts';
import type { Queryable } from '../../db/client.ts';
import { estimateRows } from '../../db/estimates.ts';
import { run, sql, type Sql } from '../../db/sql.ts';
import type { TextSource } from '../../db/text-sample.ts';
import { SEARCH_WALK_ROWS, textCondition } from '../../http/list-filter.ts';
import { APPLICATION_SELECT, type ApplicationRow } from './applications.queries.ts';

/**
 * The text `q` searches: the applicant's name and email and the external reference. It must stay identical to the
 * expression of `applications_search_trgm_idx` (migration 0014), or the search stops using the trigram index; the
 * separator E'\x01' keeps a match from running from one field into the next.
 */
export const APPLICATION_SEARCH_TEXT = `(a.applicant_name || E'\\x01' || a.applicant_email || E'\\x01' || coalesce(a.external_ref, ''))`;

/** Where the list's free text lives, for the kept sample of it (db/text-sample.ts). */
export const APPLICATION_TEXT: TextSource = { table: 'applications', alias: 'a', text: APPLICATION_SEARCH_TEXT, organization: 'a.organization_id' };

/** The filters of the list, as the route has read them. */
export type ApplicationFilterQuery = Pick<ApplicationListQuery, 'status' | 'workflow_id' | 'current_step_id' | 'from' | 'to' | 'q'> & {
  waiting_for_review?: boolean | undefined;
  overdue?: boolean | undefined;
  escalated?: boolean | undefined;
};

export interface ApplicationFilter {
  /** Conditions on `applications a`, joined with and: the organizations first, the free text (if any) last. */
  where: Sql[];
  /** How many of `where` are the organizations'. */
  byOrganization: number;
  /** The free-text condition, when `q` was given. */
  search: Sql | null;
}

/**
 * The conditions of a listing: within `organizations` (the caller's scope and the filter's), then the filters, then
 * the free text. `rarePiece` (db/text-sample.ts) is the part of `q` the trigram index is given alone, when there is one.
 */
export function applicationFilter(q: ApplicationFilterQuery, organizations: readonly string[], rarePiece: string | null): ApplicationFilter {
  const where: Sql[] = organizations.map((id) => sql`a.organization_id = ${id}`);
  const byOrganization = where.length;
  if (q.status) where.push(sql`a.status = ${q.status}`);
  if (q.workflow_id) where.push(sql`a.workflow_id = ${q.workflow_id}`);
  if (q.current_step_id) where.push(sql`a.current_step_id = ${q.current_step_id}`);
  if (q.waiting_for_review === true) where.push(sql`a.status = 'waiting' and a.waiting_for = 'approval'`);
  if (q.waiting_for_review === false) where.push(sql`not (a.status = 'waiting' and a.waiting_for = 'approval')`);
  // Overdue: each case keeps the earliest due time of its open review tasks (migration 0019, kept by triggers); the
  // cases that have one are indexed in each order of the list with it as a key (a page tests it in the index, about
  // ten entries per overdue case at any size) and by due time within an organization (the count).
  if (q.overdue === true) where.push(sql`a.review_due_at < now()`);
  if (q.overdue === false) where.push(sql`(a.review_due_at is null or a.review_due_at >= now())`);
  // Escalated reviews (issue 35): the few cases that have one are indexed by organization in the default order.
  if (q.escalated === true) where.push(sql`a.escalated_at is not null`);
  if (q.escalated === false) where.push(sql`a.escalated_at is null`);
  if (q.from) where.push(sql`a.created_at >= ${q.from}::timestamptz`);
  if (q.to) where.push(sql`a.created_at < ${q.to}::timestamptz`);
  const search = q.q ? textCondition(sql.fixed(APPLICATION_SEARCH_TEXT), q.q, rarePiece) : null;
  if (search) where.push(search);
  return { where, byOrganization, search };
}

/** The list's order: by creation or by last change, then by id, in one direction. */
export interface ApplicationOrder {
  column: 'created_at' | 'updated_at';
  desc: boolean;
}

/** Where the previous page stopped: its last case's sort value (ISO time) and id. */
export interface ApplicationCursor {
  v: string;
  id: string;
}

export type ListedApplication = ApplicationRow & { sort_value: string };

const ASC = sql`asc`;
const DESC = sql`desc`;

/**
 * The statements of one request of the list: `filter` in `order`, the page of `limit` cases (and one more, to tell a
 * next page) after `cursor` or from `offset`.
 */
export function applicationListStatements(
  db: Queryable,
  filter: ApplicationFilter,
  order: ApplicationOrder,
  page: { cursor: ApplicationCursor | null; limit: number; offset: number },
) {
  const { where, search, byOrganization } = filter;
  const column = sql.id(order.column, ['created_at', 'updated_at']);
  const direction = order.desc ? DESC : ASC;
  const orderBy = sql`order by a.${column} ${direction}, a.id ${direction}`;
  const afterCursor = page.cursor
    ? order.desc
      ? sql`(a.${column}, a.id) < (${page.cursor.v}::timestamptz, ${page.cursor.id}::uuid)`
      : sql`(a.${column}, a.id) > (${page.cursor.v}::timestamptz, ${page.cursor.id}::uuid)`
    : null;
  const onPage = afterCursor ? [...where, afterCursor] : where;
  const all = onPage.length ? sql.join(onPage, ' and ') : sql`true`;
  const matches = sql`select 1 from applications a ${sql.where(where)}`;
  const pageLimit = sql`limit ${sql.int(page.limit + 1)} offset ${sql.int(page.offset)}`;
  const pageOf = (condition: Sql, skip = page.offset) =>
    sql`select * from (${sql.fixed(APPLICATION_SELECT)} where ${condition} ${orderBy} limit ${sql.int(page.limit + 1)} offset ${sql.int(skip)}) page`;
  /** The page's cases among the `hits` a statement found first, in the list's order. */
  const pageOfHits = pageOf(sql`a.id in (select h.id from hits h order by h.k ${direction}, h.id ${direction} ${pageLimit})`, 0);

  return {
    /** The planner's estimate of the matches (remembered 30 s: db/estimates.ts). */
    estimate: () => estimateRows(db, matches),

    /** The matches counted up to the cap. */
    count: () => countCapped(db, matches, { prepare: false }),

    /**
     * The page among every match. Free text: first every match's id and sort key (from the trigram index), sorted,
     * then the page's cases. Left to itself, the planner may walk the order and test each case instead, expecting
     * matches spread evenly: "REF-0000" (the oldest cases' references) in one organization walked 990,000 cases for 1.4 s.
     */
    pageOfAll: () =>
      run<ListedApplication>(
        db,
        search ? sql`with hits as materialized (select a.id, a.${column} as k from applications a where ${all}) ${pageOfHits}` : pageOf(all),
        { prepare: false },
      ),

    /**
     * Counted and paged from one read of the trigram index: up to the cap and one more of the matches, kept; at most
     * the cap means they are every match, so their count is the total and the page is theirs. `organizationOnRows`
     * tests the organizations on the rows the index finds instead of ANDing their own index's bitmap (which the
     * planner prefers, and which costs more for an organization holding a large part of the table).
     */
    countAndPage: async (organizationOnRows: boolean) => {
      const hitsWhere = sql.join(
        where.map((condition, i) => (organizationOnRows && i < byOrganization ? sql`(${condition}) is true` : condition)),
        ' and ',
      );
      return run<Partial<ListedApplication> & { hit_count: number }>(
        db,
        sql`with hits as materialized (select a.id, a.${column} as k from applications a where ${hitsWhere} limit ${sql.int(LIST_COUNT_CAP + 1)})
            select n.hit_count, page.* from (select count(*)::int as hit_count from hits) n left join (${pageOfHits}) page on true
             order by page.${column} ${direction}, page.id ${direction}`,
        { prepare: false },
      );
    },

    /** The page among the matches of the order's first SEARCH_WALK_ROWS cases (free text only). */
    walk: () => {
      const rest = onPage.filter((condition) => condition !== search);
      return run<ListedApplication>(
        db,
        pageOf(
          sql`a.id in (select a.id from (select a.id, a.${column}, a.applicant_name, a.applicant_email, a.external_ref from applications a
                                          ${sql.where(rest)} ${orderBy} limit ${sql.int(SEARCH_WALK_ROWS)}) a
                        where ${search ?? sql`true`} ${orderBy} ${pageLimit})`,
          0,
        ),
        { prepare: false },
      );
    },
  };
}
