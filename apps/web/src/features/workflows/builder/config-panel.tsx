import { memo, useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { graphStepSchema } from '@admin-portal/contract/workflows/graph';
import { validateStepConfig } from '@admin-portal/contract/workflows/step-types/registry';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { BUILDER_ICONS } from '../../../shared/ui/icon-sets/builder.ts';
import { CONTROL_ICONS } from '../../../shared/ui/icon-sets/controls.ts';
import { addIcons, Icon } from '../../../shared/ui/icons.tsx';
import { useBuilderContext } from './builder-context.ts';
import type { BuilderGraph, StepData, StepEdge } from './graph-model.ts';
import { useStepProblems } from './problems-store.ts';
import { SchemaForm, type JsonSchema } from '../../../shared/ui/schema-form.tsx';

addIcons(CONTROL_ICONS);
addIcons(BUILDER_ICONS);

/** What is selected, kept by identity while only positions change (a drag must not re-render the forms). */
export interface Selection {
  nodes: readonly SelectedStep[];
  edges: readonly StepEdge[];
}
export interface SelectedStep {
  id: string;
  data: StepData;
}

interface Props {
  selection: Selection;
  /** A step's name by id (for a selected connection's ends). */
  nameOf: (id: string) => string;
  onStepChange: (id: string, data: StepData, field: string) => void;
  onDeleteSelection: () => void;
}

/** The selection of a graph, the same object as `previous` when neither the selected items nor their data changed. */
export function selectionOf(graph: BuilderGraph, previous: Selection): Selection {
  const nodes = graph.nodes.filter((n) => n.selected);
  const edges = graph.edges.filter((e) => e.selected);
  const same =
    previous.nodes.length === nodes.length &&
    previous.edges.length === edges.length &&
    nodes.every((n, i) => previous.nodes[i]!.id === n.id && previous.nodes[i]!.data === n.data) &&
    edges.every((e, i) => previous.edges[i] === e);
  return same ? previous : { nodes: nodes.map((n) => ({ id: n.id, data: n.data })), edges };
}

/** The side panel: the selected step's name and config form (errors inline), a selected connection, or a summary of a multi-selection. */
export const ConfigPanel = memo(function ConfigPanel({ selection, nameOf, onStepChange, onDeleteSelection }: Props) {
  const { readOnly } = useBuilderContext();
  const selectedNodes = selection.nodes;
  const selectedEdges = selection.edges;

  if (selectedNodes.length === 1 && selectedEdges.length === 0) {
    return <StepPanel key={selectedNodes[0]!.id} node={selectedNodes[0]!} onChange={onStepChange} onDelete={onDeleteSelection} />;
  }
  if (selectedNodes.length === 0 && selectedEdges.length === 1) {
    return <ConnectionPanel edge={selectedEdges[0]!} nameOf={nameOf} onDelete={onDeleteSelection} />;
  }
  if (selectedNodes.length + selectedEdges.length > 1) {
    return (
      <div className="p-3">
        <h2 className="h6">
          {selectedNodes.length} step{selectedNodes.length === 1 ? '' : 's'}, {selectedEdges.length} connection{selectedEdges.length === 1 ? '' : 's'} selected
        </h2>
        <p className="small text-body-secondary">Drag any of them to move them together; Ctrl+C copies the steps, Delete removes everything selected.</p>
        {!readOnly && (
          <Button size="sm" variant="outline-danger" onClick={onDeleteSelection}>
            <Icon name="trash" className="me-1" />
            Delete selection
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="p-3 text-body-secondary small">
      <h2 className="h6 text-body">Nothing selected</h2>
      <p>Select a step to configure it, or drag a step type from the palette onto the canvas.</p>
      <p className="mb-0">Connect steps by dragging from a step's output dot (right) to another step's input dot (left).</p>
    </div>
  );
});

function StepPanel({ node, onChange, onDelete }: { node: SelectedStep; onChange: Props['onStepChange']; onDelete: () => void }) {
  const { types, problems, readOnly } = useBuilderContext();
  const type = types.get(node.data.type);
  const check = useMemo(() => validateStepConfig(node.data.type, node.data.config), [node.data.type, node.data.config]);
  const errors = useMemo(() => Object.fromEntries(check.errors.map((e) => [e.field, e.message])), [check]);
  const nameCheck = graphStepSchema.shape.name.safeParse(node.data.name);
  const nameError = nameCheck.success ? null : nameCheck.error.issues[0]?.message;
  const stepProblems = useStepProblems(problems, node.id).filter((m) => !m.includes(' — '));
  const idPrefix = `step-${node.id}`;

  return (
    <div className="p-3" aria-label="Step configuration">
      <div className="d-flex align-items-center gap-2 mb-2">
        <Icon name={type?.icon ?? 'dot'} />
        <h2 className="h6 mb-0">{type?.label ?? node.data.type} step</h2>
        {!readOnly && (
          <Button size="sm" variant="outline-danger" className="ms-auto" onClick={onDelete} aria-label="Delete step">
            <Icon name="trash" />
          </Button>
        )}
      </div>
      {type && <p className="small text-body-secondary">{type.description}</p>}
      {stepProblems.length > 0 && (
        <ul className="small text-danger ps-3" aria-label="Problems with this step">
          {stepProblems.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <Form.Group className="mb-3" controlId={`${idPrefix}-name`}>
        <Form.Label>Step name</Form.Label>
        <Form.Control
          value={node.data.name}
          readOnly={readOnly}
          isInvalid={Boolean(nameError)}
          maxLength={maxLengthOf(graphStepSchema.shape.name)}
          onChange={(e) => onChange(node.id, { ...node.data, name: e.target.value }, 'name')}
        />
        {nameError && <div className="invalid-feedback d-block">{nameError}</div>}
      </Form.Group>
      {type ? (
        <SchemaForm
          schema={type.config_schema as JsonSchema}
          value={node.data.config}
          errors={errors}
          idPrefix={idPrefix}
          readOnly={readOnly}
          onChange={(config, field) => onChange(node.id, { ...node.data, config }, `config.${field}`)}
        />
      ) : (
        <p className="text-danger small">This step has an unknown type, "{node.data.type}". Delete it or restore an older version.</p>
      )}
    </div>
  );
}

function ConnectionPanel({ edge, nameOf: name, onDelete }: { edge: StepEdge; nameOf: (id: string) => string; onDelete: () => void }) {
  const { readOnly } = useBuilderContext();
  return (
    <div className="p-3">
      <h2 className="h6">Connection</h2>
      <dl className="small mb-3">
        <dt>From</dt>
        <dd>{name(edge.source)}</dd>
        {edge.data?.condition && (
          <>
            <dt>Branch</dt>
            <dd>{String(edge.label ?? edge.data.condition)}</dd>
          </>
        )}
        <dt>To</dt>
        <dd>{name(edge.target)}</dd>
      </dl>
      {!readOnly && (
        <Button size="sm" variant="outline-danger" onClick={onDelete}>
          <Icon name="trash" className="me-1" />
          Delete connection
        </Button>
      )}
    </div>
  );
}
