import { memo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { saveWorkflowGraphSchema } from '@admin-portal/contract/workflows/api';
import { TOAST_CLEAR } from '../../../shared/notifications/toast-clearance.ts';
import { BUILDER_ICONS } from '../../../shared/ui/icon-sets/builder.ts';
import { addIcons, Icon } from '../../../shared/ui/icons.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import type { WorkflowAbilities } from '../lib/abilities.ts';
import { auditHistoryUrl } from '../../../shared/lib/audit-history.ts';
import { analyticsPath, statusChanges } from '../lib/workflow-display.ts';
import type { WorkflowMeta } from './workflow-meta.ts';
import { toGraph, type BuilderGraph } from './graph-model.ts';
import { useProblemList, type ProblemsStore } from './problems-store.ts';
import { SaveTemplateDialog } from './save-template-dialog.tsx';
import type { WorkflowStatusControl } from './use-workflow-status.ts';
import { VersionHistory } from './version-history.tsx';
import { SimulationDialog } from '../simulation/simulation-dialog.tsx';
import { ActivateSimulatedDialog } from '../simulation/activate-simulated-dialog.tsx';
import { getLatestSimulation } from '../api/simulations-api.ts';
import { simulationOverlay, type SimulationOverlay } from '../simulation/simulation-overlay.ts';
import type { SimulationRun } from '@admin-portal/contract/workflows/simulations';

addIcons(BUILDER_ICONS);

/** The shortcuts the help popover lists (and the editor's key handler implements). */
export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['Ctrl + S', 'Save'],
  ['Ctrl + Z', 'Undo'],
  ['Ctrl + Shift + Z / Ctrl + Y', 'Redo'],
  ['Ctrl + C / Ctrl + X / Ctrl + V', 'Copy, cut, paste steps'],
  ['Ctrl + A', 'Select everything'],
  ['Shift + drag', 'Select with a box'],
  ['Ctrl/Shift + click', 'Add to the selection'],
  ['Delete / Backspace', 'Delete the selection'],
  ['Escape', 'Clear the selection'],
  ['Tab, then Enter', 'Focus and select a step or a connection'],
  ['Arrow keys', 'Move the selected steps'],
];

interface Props {
  meta: WorkflowMeta;
  readOnly: boolean;
  abilities: WorkflowAbilities;
  dirty: boolean;
  saving: boolean;
  canUndo: boolean;
  canRedo: boolean;
  problems: ProblemsStore;
  getGraph: () => BuilderGraph;
  status: WorkflowStatusControl;
  onNameChange: (name: string) => void;
  onUndo: () => void;
  onRedo: () => void;
  onLayout: () => void;
  onSave: () => void;
  /** Saves the canvas as a draft beside the live version (an active workflow's). */
  onSaveDraft: () => void;
  /** Publishes the draft open on the canvas. */
  onPublish: () => void;
  onToggleProblems: () => void;
  onRestored: () => void;
  onBack: () => void;
  /** Draws a finished simulation's counts on the canvas. */
  onShowSimulation: (overlay: SimulationOverlay | null) => void;
}

export const BuilderToolbar = memo(function BuilderToolbar(props: Props) {
  const { meta, readOnly, abilities, dirty, saving, canUndo, canRedo, problems, getGraph, status } = props;
  const { list } = useProblemList(problems);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [templateOpen, setTemplateOpen] = useState(false);
  const [templateSeq, setTemplateSeq] = useState(0);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [simulateOpen, setSimulateOpen] = useState(false);
  const [simulated, setSimulated] = useState<SimulationRun | null>(null);
  const onDraft = meta.draftVersion !== null;
  /** The saved version the canvas shows: the draft open here, or the live one. */
  const shownVersion = meta.draftVersion ?? meta.version;
  /** Activation (and a draft's publication) shows the last simulation of the saved version first, when there is one (issue 36). */
  const activate = async () => {
    if (!dirty && meta.id !== null) {
      const run = await getLatestSimulation(meta.id, shownVersion).catch(() => null);
      if (run?.summary) return setSimulated(run);
    }
    if (onDraft) props.onPublish();
    else await status.setStatus('active');
  };
  // On a draft, the workflow's status stays as it is (active): Publish is what makes the draft live.
  const changes = onDraft ? [] : statusChanges(meta.status);
  const otherChanges = changes.filter((c) => c.to !== 'active');
  const canActivate = changes.some((c) => c.to === 'active');
  const canSaveDraft = meta.status === 'active' && meta.id !== null && !onDraft;

  /*
   * One row at 1440 px with the sidebar open (issue 32): the name, status and the actions used while building stay in
   * view (undo, redo, auto-layout, problems, Activate, Save); what is used now and then is under More.
   */
  return (
    <div className="builder-toolbar border-bottom" role="toolbar" aria-label="Workflow builder" {...TOAST_CLEAR}>
      <div className="builder-toolbar-main">
        <Button
          variant="outline-secondary"
          size="sm"
          className="builder-tool-icon"
          onClick={props.onBack}
          aria-label="Back to All Workflows"
          title="Back to All Workflows"
        >
          <Icon name="arrow-left" />
        </Button>
        <Form.Control
          size="sm"
          className="builder-name"
          aria-label="Workflow name"
          title={meta.name}
          value={meta.name}
          maxLength={maxLengthOf(saveWorkflowGraphSchema.shape.name)}
          readOnly={readOnly}
          isInvalid={meta.name.trim() === ''}
          onChange={(e) => props.onNameChange(e.target.value)}
        />
        <span data-testid="workflow-status">
          <StatusBadge status={meta.status} />
        </span>
        {meta.id !== null && (
          <span className="small text-body-secondary text-nowrap">{onDraft ? `Draft version ${meta.draftVersion}` : `Version ${meta.version}`}</span>
        )}
        {dirty && !readOnly && (
          <span className="small text-warning-emphasis text-nowrap" role="status">
            Unsaved changes
          </span>
        )}
        {readOnly && (
          <span className="small text-body-secondary builder-toolbar-note">
            {abilities.manage ? 'Archived: reopen it as a draft to change it.' : 'View only: you may not change workflows.'}
          </span>
        )}
      </div>

      <div className="builder-toolbar-actions">
        {!readOnly && (
          <ButtonGroup size="sm" aria-label="History">
            <Button
              variant="outline-secondary"
              className="builder-tool-icon"
              onClick={props.onUndo}
              disabled={!canUndo}
              aria-label="Undo"
              title="Undo (Ctrl+Z)"
            >
              <Icon name="arrow-counterclockwise" />
            </Button>
            <Button
              variant="outline-secondary"
              className="builder-tool-icon"
              onClick={props.onRedo}
              disabled={!canRedo}
              aria-label="Redo"
              title="Redo (Ctrl+Shift+Z)"
            >
              <Icon name="arrow-clockwise" />
            </Button>
          </ButtonGroup>
        )}
        {!readOnly && (
          <Button
            size="sm"
            variant="outline-secondary"
            className="builder-tool-icon"
            onClick={props.onLayout}
            aria-label="Auto-layout"
            title="Auto-layout: arrange the steps left to right"
          >
            <Icon name="diagram-2" />
          </Button>
        )}
        <Button
          size="sm"
          variant={list.length > 0 ? 'danger' : 'outline-secondary'}
          className="text-nowrap"
          onClick={props.onToggleProblems}
          title="What stands between this workflow and activation"
        >
          <Icon name="exclamation-triangle" className="me-1" />
          {list.length === 0 ? 'No problems' : `${list.length} problem${list.length === 1 ? '' : 's'}`}
        </Button>
        <Dropdown align="end">
          <Dropdown.Toggle size="sm" variant="outline-secondary" title="History, analytics, templates and shortcuts">
            More
          </Dropdown.Toggle>
          <Dropdown.Menu>
            {meta.id !== null && (
              <Dropdown.Item as="button" onClick={() => setHistoryOpen(true)}>
                <Icon name="clock-history" className="me-2" />
                History
              </Dropdown.Item>
            )}
            {meta.id !== null && abilities.manage && (
              <Dropdown.Item as="button" onClick={() => setSimulateOpen(true)} title="Replay recorded cases on this version and see what would change">
                <Icon name="play-circle" className="me-2" />
                Simulate…
              </Dropdown.Item>
            )}
            {meta.id !== null && abilities.analytics && (
              <Dropdown.Item as={Link} to={analyticsPath(meta.id)} title="Reach, drop-off and time per step of this workflow">
                <Icon name="activity" className="me-2" />
                Analytics
              </Dropdown.Item>
            )}
            {meta.id !== null && abilities.history && (
              <Dropdown.Item as={Link} to={auditHistoryUrl('workflow', meta.id)} title="Who changed this workflow, and what, in the Audit Log">
                <Icon name="clock-history" className="me-2" />
                Audit log
              </Dropdown.Item>
            )}
            {abilities.manageTemplates && (
              <Dropdown.Item
                as="button"
                onClick={() => {
                  setTemplateSeq((s) => s + 1);
                  setTemplateOpen(true);
                }}
              >
                <Icon name="file-earmark-text" className="me-2" />
                Save as template
              </Dropdown.Item>
            )}
            <Dropdown.Item as="button" onClick={() => setShortcutsOpen(true)}>
              <Icon name="keyboard" className="me-2" />
              Keyboard shortcuts
            </Dropdown.Item>
          </Dropdown.Menu>
        </Dropdown>
        {!readOnly && (canActivate || onDraft) && (
          // Activate a workflow, or publish the draft open here: both run the activation checks and show the last
          // simulation of the version first.
          <Button
            size="sm"
            variant="success"
            className="text-nowrap"
            onClick={() => void activate()}
            disabled={saving || status.busy}
            title={onDraft ? 'Run the activation checks and make this draft the live version' : 'Run the activation checks and activate'}
          >
            {onDraft ? (dirty ? 'Save and publish' : 'Publish') : dirty || meta.id === null ? 'Save and activate' : 'Activate'}
          </Button>
        )}
        {readOnly &&
          abilities.manage &&
          changes.map((c) => (
            <Button key={c.to} size="sm" variant="outline-primary" className="text-nowrap" onClick={() => void status.setStatus(c.to)} disabled={status.busy}>
              {c.label}
            </Button>
          ))}
        {!readOnly && (
          <Dropdown as={ButtonGroup} size="sm">
            <Button variant="primary" className="text-nowrap" onClick={props.onSave} disabled={saving || status.busy} title="Save (Ctrl+S)">
              <Icon name="floppy" className="me-1" />
              {saving ? 'Saving…' : 'Save'}
            </Button>
            {(otherChanges.length > 0 || canSaveDraft) && (
              <>
                <Dropdown.Toggle split variant="primary" aria-label="Status actions" disabled={saving || status.busy} />
                <Dropdown.Menu align="end">
                  {canSaveDraft && (
                    <Dropdown.Item onClick={props.onSaveDraft} title="Save beside the live version: applications keep starting on the live one">
                      Save as draft (not live)
                    </Dropdown.Item>
                  )}
                  {otherChanges.map((c) => (
                    <Dropdown.Item key={c.to} onClick={() => void status.setStatus(c.to)}>
                      {c.label}
                    </Dropdown.Item>
                  ))}
                </Dropdown.Menu>
              </>
            )}
          </Dropdown>
        )}
      </div>
      {meta.id !== null && (
        <VersionHistory
          workflowId={meta.id}
          show={historyOpen}
          canRestore={!readOnly}
          dirty={dirty}
          onHide={() => setHistoryOpen(false)}
          onRestored={props.onRestored}
        />
      )}
      {meta.id !== null && abilities.manage && simulateOpen && (
        <SimulationDialog
          show={simulateOpen}
          workflowId={meta.id}
          workflowName={meta.name}
          version={shownVersion}
          dirty={dirty}
          steps={() =>
            [...getGraph().nodes].sort((a, b) => a.position.x - b.position.x || a.position.y - b.position.y).map((n) => ({ id: n.id, name: n.data.name }))
          }
          toolNames={[
            ...new Set(
              getGraph()
                .nodes.filter((n) => n.data.type === 'tool' && typeof n.data.config.tool_name === 'string' && n.data.config.tool_name !== '')
                .map((n) => String(n.data.config.tool_name)),
            ),
          ]}
          onHide={() => setSimulateOpen(false)}
          onShowOnGraph={(run) => {
            props.onShowSimulation(simulationOverlay(run));
            setSimulateOpen(false);
          }}
        />
      )}
      {simulated && (
        <ActivateSimulatedDialog
          run={simulated}
          workflowName={meta.name}
          busy={status.busy}
          onCancel={() => setSimulated(null)}
          publishing={onDraft}
          onActivate={() => {
            setSimulated(null);
            if (onDraft) props.onPublish();
            else void status.setStatus('active');
          }}
        />
      )}
      {abilities.manageTemplates && (
        <SaveTemplateDialog
          key={templateSeq}
          show={templateOpen}
          initialName={meta.name}
          initialDescription={meta.description}
          initialCategory={meta.category}
          graph={() => toGraph(getGraph())}
          onHide={() => setTemplateOpen(false)}
        />
      )}
      <Modal show={shortcutsOpen} onHide={() => setShortcutsOpen(false)} aria-labelledby="builder-shortcuts-title" centered>
        <Modal.Header closeButton>
          <Modal.Title id="builder-shortcuts-title" as="h2" className="h5">
            Keyboard shortcuts
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <table className="table table-sm mb-0 small shortcuts-table">
            <tbody>
              {SHORTCUTS.map(([keys, what]) => (
                <tr key={keys}>
                  <th scope="row" className="text-nowrap fw-normal">
                    <kbd>{keys}</kbd>
                  </th>
                  <td>{what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Modal.Body>
      </Modal>
    </div>
  );
});
