import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Placeholder from 'react-bootstrap/Placeholder';
import { Link } from 'react-router';
import type { ReviewTask } from '@admin-portal/contract/applications/api';
import { OPEN_APPLICATION_STATUSES } from '@admin-portal/contract/applications/statuses';
import { auditHistoryUrl } from '../../../shared/lib/audit-history.ts';
import type { DateFormats } from '../../../shared/lib/date-formats.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import {
  downloadApplicationFile,
  useApplication,
  useCancelApplication,
  useDecideReview,
  useDeleteApplication,
  usePinnedGraph,
  useRetryApplication,
} from '../api/applications-api.ts';
import type { ApplicationAbilities } from '../lib/abilities.ts';
import { EVENT_LABELS, formatBytes, formatDuration } from '../lib/application-display.ts';
import { ConfirmActionDialog, decisionComment } from './action-dialogs.tsx';
import { ApplicationStatusBadge } from './application-status-badge.tsx';
import { ApplicantLinkPanel } from './applicant-link-panel.tsx';
import { PathGraph } from './path-graph.tsx';
import { ReviewBox } from './review-box.tsx';
import { CaseNotes } from './case-notes.tsx';
import { useUnmountWhenClosed } from '../../../shared/hooks/use-unmount-when-closed.ts';

type Action = { kind: 'approve' | 'reject'; task: ReviewTask } | { kind: 'retry' } | { kind: 'cancel' } | { kind: 'delete' };

interface Props {
  id: string | null;
  abilities: ApplicationAbilities;
  dateFormat: DateFormats;
  onClose: () => void;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

function Section({ title, children, count }: { title: string; children: React.ReactNode; count?: number }) {
  return (
    <section className="mb-4" aria-label={title}>
      <h3 className="h6 text-uppercase text-body-secondary mb-2 small fw-semibold">
        {title}
        {count !== undefined && <span className="badge text-bg-secondary ms-2">{count}</span>}
      </h3>
      {children}
    </section>
  );
}

function KeyValues({ values }: { values: Record<string, unknown> }) {
  const entries = Object.entries(values);
  if (entries.length === 0) return <p className="text-body-secondary small mb-0">Nothing given.</p>;
  return (
    <dl className="row small mb-0">
      {entries.map(([k, v]) => (
        <div key={k} className="col-12 d-flex gap-2">
          <dt className="text-body-secondary fw-normal text-nowrap">{k}</dt>
          <dd className="mb-1 text-break">{typeof v === 'object' && v !== null ? <code>{JSON.stringify(v)}</code> : String(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One case, linkable (`?case=<id>`): who applied and what they gave, its path on its workflow's graph with the time
 * spent in each step, the event timeline, its tool calls with request and response, its files, and what the user
 * may do with it: decide its open review (assignee role, administrators), retry, cancel, erase. Each asks first and
 * says how it went in a toast.
 */
export function ApplicationDrawer({ id, abilities, dateFormat, onClose }: Props) {
  const detail = useApplication(id);
  const a = detail.data;
  const graph = usePinnedGraph(a?.workflow_id, a?.workflow_version);
  const decide = useDecideReview();
  const retry = useRetryApplication();
  const cancel = useCancelApplication();
  const erase = useDeleteApplication();
  const [action, setAction] = useState<(Action & { open: boolean }) | null>(null);
  useUnmountWhenClosed(action, setAction);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, []);

  const open = (next: Action) => {
    setError(null);
    setAction({ ...next, open: true });
  };
  const close = () => setAction((x) => x && { ...x, open: false });
  const busy = decide.isPending || retry.isPending || cancel.isPending || erase.isPending;

  async function run(comment: string) {
    if (!action || !a) return;
    setError(null);
    try {
      if (action.kind === 'approve' || action.kind === 'reject') {
        await decide.mutateAsync({ taskId: action.task.id, body: { decision: action.kind, ...(comment ? { comment } : {}) } });
        notify({
          type: 'success',
          title: action.kind === 'approve' ? TOAST_TITLES.applicationApproved : TOAST_TITLES.applicationRejected,
          message: `${a.applicant_name}: ${action.task.step_name} decided.`,
        });
      } else if (action.kind === 'retry') {
        await retry.mutateAsync(a.id);
        notify({ type: 'success', title: TOAST_TITLES.retryStarted, message: `${a.applicant_name}'s application runs again from the step that failed.` });
      } else if (action.kind === 'cancel') {
        await cancel.mutateAsync({ id: a.id, ...(comment ? { reason: comment } : {}) });
        notify({ type: 'success', title: TOAST_TITLES.applicationCancelled, message: `${a.applicant_name}'s application was cancelled.` });
      } else {
        await erase.mutateAsync(a.id);
        notify({ type: 'success', title: TOAST_TITLES.applicationDeleted, message: `${a.applicant_name}'s application and its data were erased.` });
        close();
        onClose();
        return;
      }
      close();
      // The button that opened the dialog may be gone (a decided review): keep focus in the drawer.
      requestAnimationFrame(() => document.getElementById(titleId)?.focus());
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  const openTasks = a?.review_tasks.filter((t) => t.status === 'open') ?? [];
  const isOpen = a ? OPEN_APPLICATION_STATUSES.includes(a.status) : false;
  const titleId = 'application-drawer-title';
  const stepName = (stepId: string | null) =>
    stepId ? (graph.data?.steps.find((s) => s.id === stepId)?.name ?? a?.steps.find((r) => r.step_id === stepId)?.step_name ?? null) : null;

  return (
    <Offcanvas show={id !== null} onHide={onClose} placement="end" className="application-drawer" aria-labelledby={titleId}>
      <Offcanvas.Header closeButton closeLabel="Close application">
        <Offcanvas.Title id={titleId} as="h2" className="h5 mb-0" tabIndex={-1}>
          {a ? a.applicant_name || 'Unnamed applicant' : 'Application'}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {detail.isError && <RetryAlert onRetry={() => void detail.refetch()}>{detail.error.message}</RetryAlert>}
        {detail.isPending && id !== null && (
          <Placeholder animation="glow" aria-hidden="true">
            <Placeholder xs={6} /> <Placeholder xs={8} /> <Placeholder xs={4} /> <Placeholder xs={10} />
          </Placeholder>
        )}
        {a && (
          <>
            <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
              <ApplicationStatusBadge application={a} />
              <span className="small text-body-secondary">
                {a.workflow_name} v{a.workflow_version}
                {a.current_step_name && ` · at ${a.current_step_name}`} · received {dateFormat.full.format(new Date(a.created_at))} · last change{' '}
                {dateFormat.full.format(new Date(a.updated_at))}
              </span>
            </div>
            {a.error && (
              <Alert variant="danger" className="small">
                {a.error}
              </Alert>
            )}

            {openTasks.map((task) => (
              <ReviewBox
                key={task.id}
                task={task}
                abilities={abilities}
                applicantName={a.applicant_name || 'Unnamed applicant'}
                now={now}
                first={task.first_review_id ? a.review_tasks.find((t) => t.id === task.first_review_id) : undefined}
                onDecide={(kind, t) => open({ kind, task: t })}
              />
            ))}

            {(abilities.execute || abilities.administer || abilities.history) && (
              <div className="d-flex flex-wrap gap-2 mb-4">
                {abilities.history && (
                  <Link to={auditHistoryUrl('application', a.id)} className="btn btn-sm btn-outline-secondary">
                    Audit history
                  </Link>
                )}
                {abilities.execute && a.status === 'failed' && (
                  <Button variant="primary" size="sm" onClick={() => open({ kind: 'retry' })}>
                    Retry
                  </Button>
                )}
                {abilities.execute && isOpen && (
                  <Button variant="outline-secondary" size="sm" onClick={() => open({ kind: 'cancel' })}>
                    Cancel application
                  </Button>
                )}
                {abilities.administer && (
                  <Button variant="outline-danger" size="sm" className="ms-auto" onClick={() => open({ kind: 'delete' })}>
                    Delete
                  </Button>
                )}
              </div>
            )}

            <Section title="Applicant">
              <KeyValues values={{ ...a.applicant, ...(a.external_ref ? { 'external reference': a.external_ref } : {}), source: a.source }} />
            </Section>

            <Section title="Applicant link">
              <ApplicantLinkPanel
                applicationId={a.id}
                email={String(a.applicant.email ?? '')}
                open={isOpen}
                mayAct={abilities.execute}
                dateFormat={dateFormat}
              />
            </Section>

            <Section title="Path">
              {graph.data ? (
                <PathGraph graph={graph.data} application={a} now={now} />
              ) : graph.isError ? (
                <p className="small text-body-secondary">The workflow’s graph could not be loaded.</p>
              ) : (
                <Placeholder xs={12} />
              )}
            </Section>

            <Section title="Notes">
              <CaseNotes applicationId={a.id} abilities={abilities} dateFormat={dateFormat} now={now} />
            </Section>

            <Section title="Timeline" count={a.events.length}>
              <ol className="timeline list-unstyled small mb-0">
                {a.events.map((e) => (
                  <li key={e.id} className={e.error ? 'timeline-error' : undefined}>
                    <time dateTime={e.created_at} className="text-body-secondary tabular-nums me-2">
                      {dateFormat.time.format(new Date(e.created_at))}
                    </time>
                    <span className="fw-semibold">{EVENT_LABELS[e.type]}</span>
                    {stepName(e.step_id) && <span> · {stepName(e.step_id)}</span>}
                    {typeof e.data.decision === 'string' && <span> · {e.data.decision}</span>}
                    {typeof e.data.comment === 'string' && e.data.comment && <span className="text-body-secondary"> — “{e.data.comment}”</span>}
                    {typeof e.data.waiting_for === 'string' && <span className="text-body-secondary"> · for {e.data.waiting_for}</span>}
                    {e.type === 'review_assigned' && typeof e.data.to === 'string' && <span className="text-body-secondary"> · to {e.data.to}</span>}
                    {e.type === 'note_added' && typeof e.data.author === 'string' && <span className="text-body-secondary"> · {e.data.author}</span>}
                    {e.type === 'review_claimed' && typeof e.data.holder === 'string' && <span className="text-body-secondary"> · {e.data.holder}</span>}
                    {e.actor_type === 'user' && <span className="text-body-secondary"> · by staff</span>}
                    {e.actor_type === 'applicant' && <span className="text-body-secondary"> · by the applicant</span>}
                    {e.error && <div className="text-danger-emphasis">{e.error}</div>}
                  </li>
                ))}
              </ol>
            </Section>

            <Section title="Tool calls" count={a.tool_calls.length}>
              {a.tool_calls.length === 0 ? (
                <p className="small text-body-secondary mb-0">No tool was called.</p>
              ) : (
                a.tool_calls.map((c) => (
                  <details key={c.id} className="tool-call border rounded p-2 mb-2">
                    <summary className="small">
                      <span className="fw-semibold">{c.tool_name ?? 'Deleted tool'}</span> · {c.status} · {formatDuration(c.latency_ms)}
                      {c.attempts > 1 ? ` · ${c.attempts} attempts` : ''}
                    </summary>
                    {c.error && <div className="small text-danger-emphasis mt-2">{c.error}</div>}
                    <div className="small fw-semibold mt-2">Request</div>
                    <pre className="tool-call-json">{json(c.request ?? c.input)}</pre>
                    <div className="small fw-semibold">Response</div>
                    <pre className="tool-call-json">{json(c.response ?? c.output)}</pre>
                  </details>
                ))
              )}
            </Section>

            <Section title="Files" count={a.files.length}>
              {a.files.length === 0 ? (
                <p className="small text-body-secondary mb-0">No files were uploaded.</p>
              ) : (
                <ul className="list-unstyled small mb-0">
                  {a.files.map((f) => (
                    <li key={f.id} className="mb-1">
                      <button
                        type="button"
                        className="btn btn-link p-0 align-baseline fw-semibold text-decoration-none"
                        onClick={() =>
                          void downloadApplicationFile(a.id, f).catch((err: Error) =>
                            notify({ type: 'error', title: TOAST_TITLES.downloadFailed, message: err.message }),
                          )
                        }
                      >
                        {f.file_name}
                        <span className="visually-hidden"> (download)</span>
                      </button>{' '}
                      · {f.content_type} · {formatBytes(f.size_bytes)} · field “{f.field_key}”
                      <div className="text-body-secondary text-truncate">SHA-256 {f.sha256}</div>
                    </li>
                  ))}
                </ul>
              )}
            </Section>

            <Section title="Data">
              <pre className="tool-call-json mb-0">{json(a.data)}</pre>
            </Section>
          </>
        )}
      </Offcanvas.Body>

      {action && a && (
        <ConfirmActionDialog
          show={action.open}
          busy={busy}
          error={error}
          onClose={close}
          onExited={() => setAction(null)}
          onConfirm={(comment) => void run(comment)}
          {...(action.kind === 'approve' || action.kind === 'reject'
            ? {
                title: action.kind === 'approve' ? 'Approve application' : 'Reject application',
                confirmLabel: action.kind === 'approve' ? 'Approve' : 'Reject',
                variant: action.kind === 'approve' ? ('success' as const) : ('danger' as const),
                comment: decisionComment(action.kind),
                children: (
                  <p className="mb-0">
                    {action.kind === 'approve' ? 'Approve' : 'Reject'} <strong>{a.applicant_name}</strong> at “{action.task.step_name}”? The workflow continues
                    on the {action.kind === 'approve' ? 'approved' : 'rejected'} branch.
                  </p>
                ),
              }
            : action.kind === 'retry'
              ? {
                  title: 'Retry application',
                  confirmLabel: 'Retry',
                  variant: 'primary' as const,
                  children: <p className="mb-0">Run the step that failed again, and carry on from there?</p>,
                }
              : action.kind === 'cancel'
                ? {
                    title: 'Cancel application',
                    confirmLabel: 'Cancel application',
                    variant: 'warning' as const,
                    comment: { label: 'Reason (optional)', required: false, maxLength: 1000 },
                    children: (
                      <p className="mb-0">
                        Stop <strong>{a.applicant_name}</strong>’s application where it is? Its open review is withdrawn and nothing more runs. This cannot be
                        undone.
                      </p>
                    ),
                  }
                : {
                    title: 'Delete application',
                    confirmLabel: 'Delete for good',
                    variant: 'danger' as const,
                    children: (
                      <>
                        <p>
                          Erase <strong>{a.applicant_name}</strong>’s application? This removes for good:
                        </p>
                        <ul className="mb-2">
                          <li>the applicant’s details and the application data</li>
                          <li>its form answers and {a.files.length === 1 ? '1 file' : `${a.files.length} files`}</li>
                          <li>its event timeline ({a.events.length} events) and review tasks</li>
                          <li>what its {a.tool_calls.length} tool calls sent and received</li>
                        </ul>
                        <p className="small text-body-secondary mb-0">
                          Tool call status and timing stay for analytics, and the audit log keeps that it was deleted and by whom.
                        </p>
                      </>
                    ),
                  })}
        />
      )}
    </Offcanvas>
  );
}
