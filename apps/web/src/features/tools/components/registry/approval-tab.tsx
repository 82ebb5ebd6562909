import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import type { Tool, ToolStatus, UpdateTool } from '@admin-portal/contract/tools/api';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { approveToolSchema } from '@admin-portal/contract/tools/api';
import { ApiError } from '../../../../shared/api/api-result.ts';
import { notify } from '../../../../shared/notifications/notifications-store.ts';
import { useDecideApproval, useToolHistory, useUpdateTool } from '../../api/tools-api.ts';
import type { ToolAbilities } from '../../lib/abilities.ts';
import type { DateFormats } from '../../../../shared/lib/date-formats.ts';
import { RetryAlert } from '../../../../shared/ui/retry-alert.tsx';
import { approvalActions, statusNotice } from '../../lib/registry/tool-display.ts';
import { ToolStatusBadge } from './tool-badges.tsx';

interface Props {
  tool: Tool;
  abilities: ToolAbilities;
  dateFormat: DateFormats;
}

const EXPLANATIONS: Readonly<Record<ToolStatus, string>> = {
  draft: 'A draft can be edited and tested freely. Submit it when it is ready: an administrator then approves or rejects it.',
  pending_approval:
    'Waiting for an administrator’s decision. It can be tested meanwhile; it runs in workflows and for MCP clients only once approved. Approving it approves what its definition and each environment’s configuration call, with their secrets.',
  approved: 'Approved: workflows and MCP clients can call it. Changing what it calls — its definition or a configuration — sends it back for approval.',
  rejected: 'Rejected: read the comment below, change what is asked, then submit it again.',
  disabled: 'Disabled: it keeps its approval but does not run outside of tests until it is enabled again.',
};

const REJECT_NEEDS_COMMENT = 'Say why the tool is rejected';

/**
 * The Approval tab: where the tool stands, what this person may do about it (submit, take back to draft,
 * approve or reject with a comment, disable or enable), and every status change with its comment.
 */
export function ApprovalTab({ tool, abilities, dateFormat }: Props) {
  const history = useToolHistory(tool.id);
  const update = useUpdateTool();
  const decide = useDecideApproval();
  const actions = approvalActions(tool, abilities);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = update.isPending || decide.isPending;

  async function change(body: UpdateTool, failedTitle: string) {
    setFailure(null);
    try {
      const saved = await update.mutateAsync({ id: tool.id, body });
      notify({ type: 'success', ...statusNotice(saved.name, saved.status) });
    } catch (err) {
      setFailure(`${failedTitle}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async function onDecide(action: 'approve' | 'reject', event?: FormEvent) {
    event?.preventDefault();
    setFailure(null);
    const text = comment.trim();
    if (action === 'reject' && !text) {
      setCommentError(REJECT_NEEDS_COMMENT);
      document.getElementById(`approval-comment-${tool.id}`)?.focus();
      return;
    }
    try {
      const saved = await decide.mutateAsync({ id: tool.id, body: { action, ...(text ? { comment: text } : {}) } });
      notify({ type: 'success', ...statusNotice(saved.name, saved.status) });
      setComment('');
    } catch (err) {
      const commentProblem = err instanceof ApiError ? err.validationErrors.find((e) => e.field === 'comment') : undefined;
      if (commentProblem) setCommentError(commentProblem.message);
      else setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  const commentId = `approval-comment-${tool.id}`;
  const anyAction = actions.submit || actions.withdraw || actions.disable || actions.enable;

  return (
    <>
      <section aria-labelledby="approval-status-title" className="mb-4">
        <h3 id="approval-status-title" className="h6 d-flex align-items-center gap-2 mb-2">
          Status <ToolStatusBadge status={tool.status} />
        </h3>
        <p className="small text-body-secondary">{EXPLANATIONS[tool.status]}</p>
        {failure && (
          <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        {anyAction && (
          <div className="d-flex flex-wrap gap-2 mb-3">
            {actions.submit && (
              <Button variant="primary" disabled={busy} onClick={() => void change({ status: 'pending_approval' }, 'Could not submit')}>
                Submit for approval
              </Button>
            )}
            {actions.withdraw && (
              <Button variant="outline-secondary" disabled={busy} onClick={() => void change({ status: 'draft' }, 'Could not go back to draft')}>
                Back to draft
              </Button>
            )}
            {actions.disable && (
              <Button variant="outline-danger" disabled={busy} onClick={() => void change({ is_enabled: false }, 'Could not disable')}>
                Disable
              </Button>
            )}
            {actions.enable && (
              <Button variant="outline-success" disabled={busy} onClick={() => void change({ is_enabled: true }, 'Could not enable')}>
                Enable
              </Button>
            )}
          </div>
        )}
        {actions.decideBlocked && (
          <Alert variant="info" className="small py-2">
            {actions.decideBlocked}
          </Alert>
        )}
        {!abilities.approve && tool.status === 'pending_approval' && (
          <p className="small text-body-secondary">An administrator of your organization approves or rejects it.</p>
        )}
        {actions.decide && (
          <Form noValidate onSubmit={(e) => void onDecide('approve', e)} className="approval-decision border rounded p-3" aria-label="Approval decision">
            <Form.Group controlId={commentId} className="mb-3">
              <Form.Label>Comment</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={maxLengthOf(approveToolSchema.shape.comment)}
                value={comment}
                isInvalid={!!commentError}
                aria-invalid={commentError ? true : undefined}
                aria-describedby={`${commentError ? `${commentId}-error ` : ''}${commentId}-help`}
                onChange={(e) => {
                  setComment(e.target.value);
                  setCommentError(null);
                }}
              />
              <Form.Control.Feedback type="invalid" id={`${commentId}-error`}>
                {commentError}
              </Form.Control.Feedback>
              <Form.Text id={`${commentId}-help`}>Required to reject: the author reads it in the history below.</Form.Text>
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" variant="success" disabled={busy}>
                Approve
              </Button>
              <Button variant="outline-danger" disabled={busy} onClick={() => void onDecide('reject')}>
                Reject
              </Button>
            </div>
          </Form>
        )}
      </section>

      <section aria-labelledby="approval-history-title">
        <h3 id="approval-history-title" className="h6 mb-2">
          History
        </h3>
        {history.isError ? (
          <RetryAlert onRetry={history.refetch}>The history could not be loaded: {history.error.message}</RetryAlert>
        ) : history.isPending ? (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={10} /> <Placeholder xs={8} /> <Placeholder xs={9} />
          </Placeholder>
        ) : (
          <ol className="list-unstyled status-history mb-0" aria-label="Status changes, newest first">
            {history.data.items.map((change) => (
              <li key={change.id} className="status-change">
                <div className="d-flex flex-wrap align-items-center gap-2">
                  {change.from_status ? (
                    <>
                      <ToolStatusBadge status={change.from_status as ToolStatus} />
                      <span aria-hidden="true">→</span>
                      <span className="visually-hidden">to</span>
                    </>
                  ) : null}
                  <ToolStatusBadge status={change.to_status as ToolStatus} />
                  <span className="small text-body-secondary">
                    {change.changed_by_email ?? 'Someone'} · <time dateTime={change.created_at}>{dateFormat.full.format(new Date(change.created_at))}</time>
                  </span>
                </div>
                {change.comment && <blockquote className="status-comment mb-0 mt-1">{change.comment}</blockquote>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
