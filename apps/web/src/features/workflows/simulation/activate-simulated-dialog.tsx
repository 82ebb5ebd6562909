/** Activating a version that was simulated: the simulation's result is shown before the change goes live (issue 36). */
import { useId, useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { dateFormats, formatDateTime } from '../../../shared/lib/date-formats.ts';
import { usePreferences } from '../../../shared/preferences/preferences.ts';
import { simulatedOnText, simulationEndText, type SimulationRun } from '@admin-portal/contract/workflows/simulations';

interface Props {
  run: SimulationRun;
  workflowName: string;
  busy: boolean;
  /** A draft beside the live version is being published (ADR 0062), rather than a workflow activated. */
  publishing?: boolean;
  onCancel: () => void;
  onActivate: () => void;
}

export function ActivateSimulatedDialog({ run, workflowName, busy, publishing = false, onCancel, onActivate }: Props) {
  const titleId = useId();
  const prefs = usePreferences().data;
  const format = useMemo(() => dateFormats(prefs, { dateStyle: 'medium', timeStyle: 'short' }), [prefs]);
  const summary = run.summary!;
  // The period's end is exclusive: its last day is the day of the moment before it.
  const lastDay = new Date(new Date(run.to).getTime() - 1).toISOString();
  const moved = summary.transitions.filter((t) => t.from !== t.to).slice(0, 5);
  return (
    <Modal show onHide={onCancel} aria-labelledby={titleId} centered>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {publishing ? `Publish draft version ${run.version} of ${workflowName}?` : `Activate ${workflowName}?`}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p data-testid="activation-simulation">{simulatedOnText(summary)}</p>
        {moved.length > 0 && (
          <ul className="small">
            {moved.map((t) => (
              <li key={`${t.from}-${t.to}`}>
                {t.cases.toLocaleString('en-US')} {simulationEndText(t.from).toLowerCase()} → {simulationEndText(t.to).toLowerCase()}
              </li>
            ))}
          </ul>
        )}
        <p className="small text-body-secondary mb-0">
          Simulated{run.created_by_name ? ` by ${run.created_by_name}` : ''} on {formatDateTime(run.finished_at ?? run.created_at, format.full)}, over the cases
          received from {formatDateTime(run.from, format.date)} to {formatDateTime(lastDay, format.date)}. New applications start on version {run.version} once
          it is {publishing ? 'published' : 'active'}.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="success" onClick={onActivate} disabled={busy}>
          {publishing ? 'Publish' : 'Activate'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
