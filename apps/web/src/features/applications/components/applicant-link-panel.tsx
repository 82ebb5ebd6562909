import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { ApplicantLinkState, IssuedLink } from '@admin-portal/contract/applicant/api';
import type { DateFormats } from '../../../shared/lib/date-formats.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { useApplicantLinks, useIssueApplicantLink, useRevokeApplicantLinks, useSendApplicantLink } from '../api/applications-api.ts';

const STATE_LABELS: Record<ApplicantLinkState['state'], string> = { active: 'Works', expired: 'Expired', revoked: 'Revoked' };
const MADE_BY: Record<ApplicantLinkState['created_by'], string> = {
  user: 'made by staff',
  api_key: 'from the intake API',
  applicant: 'by the applicant’s start',
  system: 'by the workflow',
};

/**
 * The applicant's way into their pages (issue 34): each link's state — sent, opened, last seen — and, for staff who
 * run cases, a new link to copy (shown once: only its hash is kept), a new one by e-mail, or every link revoked.
 */
export function ApplicantLinkPanel({
  applicationId,
  email,
  open,
  mayAct,
  dateFormat,
}: {
  applicationId: string;
  email: string;
  open: boolean;
  mayAct: boolean;
  dateFormat: DateFormats;
}) {
  const links = useApplicantLinks(applicationId);
  const issue = useIssueApplicantLink();
  const send = useSendApplicantLink();
  const revoke = useRevokeApplicantLinks();
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const when = (iso: string | null) => (iso ? dateFormat.full.format(new Date(iso)) : null);
  const working = links.data?.links.filter((l) => l.state === 'active').length ?? 0;

  const run = async (what: 'copy' | 'send' | 'revoke') => {
    try {
      if (what === 'copy') setIssued(await issue.mutateAsync(applicationId));
      else if (what === 'send') {
        const res = await send.mutateAsync(applicationId);
        notify({ type: 'success', title: TOAST_TITLES.linkSent, message: res.message });
      } else {
        const res = await revoke.mutateAsync(applicationId);
        setIssued(null);
        notify({ type: 'success', title: TOAST_TITLES.linksRevoked, message: `${res.message}. The applicant’s pages no longer open by them.` });
      }
    } catch (err) {
      notify({ type: 'error', title: TOAST_TITLES.linkNotMade, message: err instanceof Error ? err.message : String(err) });
    }
  };
  const busy = issue.isPending || send.isPending || revoke.isPending;

  return (
    <div className="applicant-links small">
      {mayAct && (
        <div className="d-flex flex-wrap gap-2 mb-2">
          {open && (
            <>
              <Button size="sm" variant="outline-primary" disabled={busy} onClick={() => void run('copy')}>
                New link to copy
              </Button>
              <Button
                size="sm"
                variant="outline-primary"
                disabled={busy || !email}
                onClick={() => void run('send')}
                title={email ? `E-mail it to ${email}` : undefined}
              >
                E-mail a new link
              </Button>
            </>
          )}
          {working > 0 && (
            <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => void run('revoke')}>
              Revoke links
            </Button>
          )}
        </div>
      )}
      {issued && (
        <div className="border rounded p-2 mb-2">
          <label htmlFor="applicant-link-url" className="form-label mb-1">
            The new link, shown only now (works until {when(issued.expires_at)})
          </label>
          <div className="d-flex gap-2 align-items-center">
            <input
              id="applicant-link-url"
              ref={field}
              className="form-control form-control-sm"
              readOnly
              value={issued.url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={issued.url} what="applicant link" target={() => field.current} />
          </div>
        </div>
      )}
      {links.isError && <p className="text-danger-emphasis mb-0">The links could not be loaded.</p>}
      {links.data && links.data.links.length === 0 && <p className="text-body-secondary mb-0">No link was made for this case.</p>}
      {links.data && links.data.links.length > 0 && (
        <ul className="list-unstyled mb-0" aria-label="Links">
          {links.data.links.map((l) => (
            <li key={l.id} className="mb-1">
              <span className={`badge ${l.state === 'active' ? 'text-bg-success' : 'text-bg-secondary'} me-2`}>{STATE_LABELS[l.state]}</span>
              {when(l.created_at)} · {MADE_BY[l.created_by]}
              {l.sent_to && ` · sent to ${l.sent_to} ${when(l.sent_at)}`}
              {l.first_opened_at ? ` · opened ${l.visits === 1 ? 'once' : `${l.visits} times`}, last ${when(l.last_seen_at)}` : ' · not opened'}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
