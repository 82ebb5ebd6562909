/**
 * Simulate (issue 36): replays the recorded cases of a period on the saved version open in the builder and shows what
 * would change. Nothing is written to the cases and nothing is sent; the run is a job on the server, followed here.
 */
import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import {
  SIMULATION_NEW_REVIEW_LABELS,
  SIMULATION_NEW_REVIEWS,
  type SimulationNewReviews,
  type SimulationRun,
  type SimulationSummaryBody,
} from '@admin-portal/contract/workflows/simulations';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_CLEAR } from '../../../shared/notifications/toast-clearance.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { exportSimulationCsv, useLatestSimulation, useSimulationRun, useStartSimulation } from '../api/simulations-api.ts';
import { useWorkflowVersions } from '../api/workflows-api.ts';
import { defaultSimulationForm, simulationBody, type SimulationForm } from './simulation-form.ts';
import { SimulationResults } from './simulation-results.tsx';

interface Props {
  show: boolean;
  workflowId: string;
  workflowName: string;
  version: number;
  dirty: boolean;
  /** The builder's steps in reading order (left to right): names and order for the per-step table. */
  steps: () => { id: string; name: string }[];
  /** The tools the version's tool steps call (offered for sandbox calls). */
  toolNames: readonly string[];
  onHide: () => void;
  onShowOnGraph: (run: SimulationRun) => void;
}

export function SimulationDialog({ show, workflowId, workflowName, version, dirty, steps, toolNames, onHide, onShowOnGraph }: Props) {
  const titleId = useId();
  const [form, setForm] = useState<SimulationForm>(() => defaultSimulationForm());
  const [runId, setRunId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ detail: string; fields: Record<string, string> } | null>(null);
  const latest = useLatestSimulation(workflowId, version, show);
  const versions = useWorkflowVersions(workflowId, show);
  const start = useStartSimulation();
  // The latest finished run of this version is shown until a new one is started.
  useEffect(() => {
    if (runId === null && latest.data) setRunId(latest.data.id);
  }, [latest.data, runId]);
  useEffect(() => setRunId(null), [version]);
  const run = useSimulationRun(runId).data;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    try {
      const started = await start.mutateAsync({ workflowId, version, body: simulationBody(form) });
      setRunId(started.id);
    } catch (error) {
      const e = error as { message?: string; validationErrors?: { field: string; message: string }[] };
      setRefusal({
        detail: e.message ?? 'The simulation could not be started',
        fields: Object.fromEntries((e.validationErrors ?? []).map((v) => [v.field, v.message])),
      });
    }
  };

  const running = run && (run.status === 'queued' || run.status === 'running');
  const set = (patch: Partial<SimulationForm>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <Modal show={show} onHide={onHide} aria-labelledby={titleId} size="xl" scrollable>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          Simulate version {version}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">
          Replays the cases of a period on version {version} with what they recorded: tool results, answers and decisions. Nothing is written to the cases, and
          nothing is sent or called.
        </p>
        {dirty && (
          <Alert variant="warning" className="small py-2">
            Unsaved changes are not simulated: save to simulate them.
          </Alert>
        )}
        <Form {...TOAST_CLEAR} onSubmit={(e) => void submit(e)} className="row g-2 align-items-end mb-3" noValidate>
          <Form.Group className="col-sm-6 col-lg-2" controlId={`${titleId}-from`}>
            <Form.Label className="small mb-1">Cases from</Form.Label>
            <Form.Control size="sm" type="date" value={form.from} onChange={(e) => set({ from: e.target.value })} isInvalid={!!refusal?.fields.from} />
            <Form.Control.Feedback type="invalid">{refusal?.fields.from}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-sm-6 col-lg-2" controlId={`${titleId}-to`}>
            <Form.Label className="small mb-1">to</Form.Label>
            <Form.Control size="sm" type="date" value={form.to} onChange={(e) => set({ to: e.target.value })} isInvalid={!!refusal?.fields.to} />
            <Form.Control.Feedback type="invalid">{refusal?.fields.to}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-sm-6 col-lg-3" controlId={`${titleId}-ran-on`}>
            <Form.Label className="small mb-1">That ran on</Form.Label>
            <Form.Select size="sm" value={form.ranOn} onChange={(e) => set({ ranOn: e.target.value })} isInvalid={!!refusal?.fields.ran_on_version}>
              <option value="">Any version</option>
              {(versions.data?.items ?? []).map((v) => (
                <option key={v.version} value={String(v.version)}>
                  Version {v.version}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{refusal?.fields.ran_on_version}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-sm-6 col-lg-3" controlId={`${titleId}-reviews`}>
            <Form.Label className="small mb-1">Reviews the cases never had</Form.Label>
            <Form.Select size="sm" value={form.newReviews} onChange={(e) => set({ newReviews: e.target.value as SimulationNewReviews })}>
              {SIMULATION_NEW_REVIEWS.map((choice) => (
                <option key={choice} value={choice}>
                  {SIMULATION_NEW_REVIEW_LABELS[choice]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <div className="col-lg-2">
            <Button type="submit" size="sm" className="w-100" disabled={start.isPending || !!running}>
              {running ? 'Running…' : 'Run simulation'}
            </Button>
          </div>
          {toolNames.length > 0 && (
            <fieldset className="col-12 small">
              <legend className="small mb-1 float-none w-auto">
                Call for real, in their sandbox (development) configuration, where the history has no answer
              </legend>
              {toolNames.map((name, i) => (
                <Form.Check
                  key={name}
                  inline
                  type="checkbox"
                  id={`${titleId}-sandbox-${i}`}
                  label={name}
                  checked={form.sandbox.includes(name)}
                  isInvalid={!!refusal?.fields[`sandbox_tools.${form.sandbox.indexOf(name)}`]}
                  onChange={(e) => set({ sandbox: e.target.checked ? [...form.sandbox, name] : form.sandbox.filter((n) => n !== name) })}
                />
              ))}
              <Form.Text className="d-block">
                Transform tools are computed without calling anything. Other calls the history never made stop the case as needing a live call.
              </Form.Text>
              {Object.entries(refusal?.fields ?? {})
                .filter(([field]) => field.startsWith('sandbox_tools'))
                .map(([field, message]) => (
                  <div key={field} className="invalid-feedback d-block">
                    {message}
                  </div>
                ))}
            </fieldset>
          )}
        </Form>
        {refusal && Object.keys(refusal.fields).length === 0 && (
          <Alert variant="danger" className="small py-2">
            {refusal.detail}
          </Alert>
        )}
        {running && (
          <div role="status" className="mb-3">
            <p className="small mb-1">
              {run.status === 'queued' ? 'Waiting for a worker…' : `Replaying… ${run.cases_done.toLocaleString('en-US')} cases so far`}
            </p>
            <ProgressBar animated now={100} style={{ height: '0.4rem' }} />
          </div>
        )}
        {run?.status === 'failed' && (
          <Alert variant="danger" className="small py-2">
            {run.error ?? 'The simulation failed'}
          </Alert>
        )}
        {run?.status === 'completed' && run.summary && <SimulationResults run={run as typeof run & { summary: SimulationSummaryBody }} steps={steps} />}
        {!run && !latest.isPending && <p className="small text-body-secondary mb-0">Version {version} has not been simulated yet.</p>}
      </Modal.Body>
      <Modal.Footer>
        {run?.status === 'completed' && !dirty && (
          <Button variant="outline-primary" size="sm" onClick={() => onShowOnGraph(run)} title="Cases through each step and connection, drawn on the canvas">
            Show on the graph
          </Button>
        )}
        {run?.status === 'completed' && (
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() =>
              void exportSimulationCsv(run, workflowName).catch((error: Error) =>
                notify({ type: 'error', title: TOAST_TITLES.exportFailed, message: error.message }),
              )
            }
          >
            Export CSV
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={onHide}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
