import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { GENERATOR_MESSAGES, generateWorkflowRequestSchema, type AiTask } from '@admin-portal/contract/ai/generators';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { ApiError } from '../../../shared/api/api-result.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES, type ToastTitle } from '../../../shared/notifications/toast-titles.ts';
import { Icon } from '../../../shared/ui/icons.tsx';
import { cancelTask, createToolFromAi, createWorkflowFromAi, getTaskStatus, startGeneration, type GeneratorKind } from '../api/generator-api.ts';

/** How often a running task is asked for its progress. */
export const POLL_MS = 800;
/**
 * After this long without a draft the dialog says it is still working and offers to cancel (tool generation has no
 * timeout, spec §9: it is never cut off, but nobody waits on a silent disabled button either).
 */
export const STILL_WORKING_MS = 15_000;

const TEXTS: Record<GeneratorKind, { title: string; label: string; placeholder: string; create: string; created: ToastTitle }> = {
  workflow: {
    title: 'Generate a workflow with AI',
    label: 'Describe the workflow',
    placeholder:
      'e.g. Individual KYC: collect name, email, date of birth and a passport, screen against sanctions, then a compliance officer approves within 48 hours and we email the applicant.',
    create: 'Create draft and open in the builder',
    created: TOAST_TITLES.workflowDraftCreated,
  },
  tool: {
    title: 'Generate a tool with AI',
    label: 'Describe the tool',
    placeholder: 'e.g. Look up a customer in our CRM by customer id: GET https://crm.example.com/api/customers/{customer_id}',
    create: 'Create draft tool',
    created: TOAST_TITLES.toolDraftCreated,
  },
};

function DraftSummary({ task }: { task: AiTask }) {
  const workflow = task.result?.workflow;
  const tool = task.result?.tool;
  return (
    <div className="ai-draft" data-testid="ai-draft">
      {workflow && (
        <>
          <p className="mb-1">
            <strong>{workflow.name}</strong> · {workflow.graph.steps.length} steps
          </p>
          <ol className="small mb-2">
            {workflow.graph.steps.map((s) => (
              <li key={String(s.id)}>
                {String(s.name)} <span className="text-body-secondary">({String(s.type)})</span>
              </li>
            ))}
          </ol>
        </>
      )}
      {tool && (
        <dl className="row small mb-2">
          <dt className="col-4">Name</dt>
          <dd className="col-8 font-monospace">{tool.name}</dd>
          <dt className="col-4">Type</dt>
          <dd className="col-8">{tool.tool_type}</dd>
          {'url' in tool.config || 'server_url' in tool.config ? (
            <>
              <dt className="col-4">Address</dt>
              <dd className="col-8 font-monospace text-break">{String(tool.config.url ?? tool.config.server_url)}</dd>
            </>
          ) : null}
          <dt className="col-4">Inputs</dt>
          <dd className="col-8">{Object.keys((tool.input_schema.properties ?? {}) as object).join(', ') || 'any'}</dd>
        </dl>
      )}
      {task.result && task.result.assumptions.length > 0 && (
        <>
          <p className="small fw-semibold mb-1">Assumptions</p>
          <ul className="small mb-0">
            {task.result.assumptions.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

interface Props {
  kind: GeneratorKind;
  show: boolean;
  onClose: () => void;
  /** The saved draft's id (the page then opens it). */
  onCreated: (id: string) => void;
}

/**
 * "Generate with AI": a description, the task's progress bar while it is drafted, the draft with its assumptions, then
 * a draft saved (never active or approved) and opened to review.
 */
export function GenerateDialog({ kind, show, onClose, onCreated }: Props) {
  const texts = TEXTS[kind];
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [task, setTask] = useState<AiTask | null>(null);
  const [busy, setBusy] = useState(false);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    setSlow(false);
    if (!taskId) return;
    const timer = setTimeout(() => setSlow(true), STILL_WORKING_MS);
    return () => clearTimeout(timer);
  }, [taskId]);

  useEffect(() => {
    if (!taskId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await getTaskStatus(taskId, controller.signal);
        setTask(next);
        if (next.status === 'pending' || next.status === 'running') timer = setTimeout(() => void poll(), POLL_MS);
      } catch (err) {
        if (!controller.signal.aborted) setError(err instanceof Error ? err.message : String(err));
      }
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [taskId]);

  const reset = () => {
    setTaskId(null);
    setTask(null);
    setError(null);
  };

  async function generate(event: FormEvent) {
    event.preventDefault();
    reset();
    const checked = generateWorkflowRequestSchema.shape.description.safeParse(description);
    if (!checked.success) {
      setError(checked.error.issues[0]!.message);
      return;
    }
    setBusy(true);
    try {
      const started = await startGeneration(kind, { description: checked.data });
      setTaskId(started.task_id);
    } catch (err) {
      setError(err instanceof ApiError ? (err.validationErrors[0]?.message ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    if (!taskId) return;
    setBusy(true);
    try {
      setTask(await cancelTask(taskId));
    } catch (err) {
      // It ended meanwhile (409): show how it ended.
      if (err instanceof ApiError && err.status === 409) setTask(await getTaskStatus(taskId));
      else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  async function create() {
    if (!task) return;
    setBusy(true);
    try {
      const id = kind === 'workflow' ? (await createWorkflowFromAi(task.id)).id : (await createToolFromAi(task.id)).id;
      notify({
        type: 'success',
        title: texts.created,
        message: kind === 'workflow' ? 'Review it in the builder, then save and activate it.' : 'Review and test it, then submit it for approval.',
      });
      onCreated(id);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  const running = !!taskId && (!task || task.status === 'pending' || task.status === 'running');
  const titleId = `generate-${kind}-title`;
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered size="lg" scrollable>
      <Form noValidate onSubmit={(e) => void generate(e)} className="d-flex flex-column overflow-hidden">
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            <Icon name="stars" className="me-2" />
            {texts.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && (
            <Alert variant="danger" dismissible onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          <Form.Group controlId={`generate-${kind}-description`} className="mb-3">
            <Form.Label>{texts.label}</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              value={description}
              placeholder={texts.placeholder}
              maxLength={maxLengthOf(generateWorkflowRequestSchema.shape.description)}
              onChange={(e) => setDescription(e.target.value)}
              disabled={running}
            />
          </Form.Group>
          {taskId && (
            <div className="mb-3" aria-live="polite">
              {/* Bootstrap 5.3's markup: the role and the name on the outer element, so the bar is announced by name. */}
              <div
                className="progress"
                role="progressbar"
                aria-label="Generation progress"
                aria-valuenow={task?.progress ?? 0}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div
                  className={`progress-bar${running ? ' progress-bar-striped progress-bar-animated' : ''}${task?.status === 'failed' ? ' bg-danger' : task?.status === 'completed' ? ' bg-success' : ''}`}
                  style={{ width: `${task?.progress ?? 0}%` }}
                >
                  {task?.progress ?? 0}%
                </div>
              </div>
              <p className="small text-body-secondary mt-1 mb-0">
                {task?.status === 'failed'
                  ? GENERATOR_MESSAGES.taskFailed
                  : task?.status === 'cancelled'
                    ? GENERATOR_MESSAGES.taskCancelled
                    : (task?.stage ?? GENERATOR_MESSAGES.reading)}
                {task?.provider ? ` · ${task.provider}` : ''}
              </p>
              {running && slow && (
                <div className="d-flex align-items-center gap-2 mt-2" role="status">
                  <span className="spinner-border spinner-border-sm text-secondary" aria-hidden="true" />
                  <span className="small">{GENERATOR_MESSAGES.stillWorking}</span>
                  <Button size="sm" variant="outline-danger" className="ms-auto text-nowrap" onClick={() => void cancel()} disabled={busy}>
                    Cancel generation
                  </Button>
                </div>
              )}
              {task?.status === 'failed' && task.error && <p className="small text-danger mb-0">{task.error}</p>}
            </div>
          )}
          {task?.status === 'completed' && <DraftSummary task={task} />}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={task?.status === 'completed' ? 'outline-secondary' : 'primary'} disabled={busy || running}>
            {task ? 'Generate again' : 'Generate'}
          </Button>
          {task?.status === 'completed' && (
            <Button variant="primary" onClick={() => void create()} disabled={busy}>
              {texts.create}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
