import { APPLICATION_STATUS_LABELS, type ApplicationSummary } from '@admin-portal/contract/applications/api';
import { uuidSchema } from '@admin-portal/contract/common';
import { listScope } from '../../../http/organization-scope.ts';
import { presentSummary } from '../../applications/applications.presenter.ts';
import { findApplication } from '../../applications/applications.queries.ts';
import { listApplications } from '../../applications/applications.service.ts';
import type { Searcher } from '../search.types.ts';

const WAITING_WORDS: Record<string, string> = {
  approval: 'waiting for review',
  form: 'waiting for the applicant',
  delay: 'waiting',
  retry: 'waiting to retry',
};

function where(a: ApplicationSummary): string {
  if (a.status === 'waiting') {
    const waiting = (a.waiting_for && WAITING_WORDS[a.waiting_for]) ?? 'waiting';
    return a.current_step_name ? `${waiting} at ${a.current_step_name}` : waiting;
  }
  if (a.status === 'completed' && a.outcome && a.outcome !== 'completed')
    return `Completed · ${a.outcome === 'approved' ? 'Approved' : a.outcome === 'rejected' ? 'Rejected' : 'Cancelled'}`;
  return APPLICATION_STATUS_LABELS[a.status];
}

const result = (a: ApplicationSummary) => ({
  type: 'application' as const,
  id: a.id,
  title: a.applicant_name || a.applicant_email || `Application ${a.id.slice(0, 8)}`,
  subtitle: [a.applicant_email, a.external_ref, a.workflow_name, where(a)].filter(Boolean).join(' · '),
  url: `/applications?case=${a.id}`,
});

/**
 * Applications by the applicant's name or e-mail address, the external reference, or the case's id, for callers who
 * may read applications, scoped and found exactly as the Real-time Monitor's list finds them (its trigram index,
 * its kept sample of the text, its count up to 1,000), newest first. Opens the case drawer on the monitor.
 */
export const applicationsSearcher: Searcher = {
  type: 'application',
  visibleTo: (auth) => auth.permissions.has('application:read'),
  async search(db, auth, term, limit) {
    const byId = uuidSchema.safeParse(term.text.toLowerCase());
    if (byId.success) {
      const found = await findApplication(db, byId.data);
      const scope = listScope(auth);
      const row = found && (scope === null || found.organization_id === scope) ? found : null;
      return { total: row ? 1 : 0, exact: true, results: row ? [result(presentSummary(row))] : [] };
    }
    const page = await listApplications(db, auth, { q: term.text, limit, offset: 0, sort: '-created_at' });
    return { total: page.total, exact: page.total_exact, results: page.items.map(result) };
  },
};
