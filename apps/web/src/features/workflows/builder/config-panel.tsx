import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { graphStepSchema } from '@admin-portal/contract/workflows/graph';
import { validateStepConfig } from '@admin-portal/contract/workflows/step-types/registry';
import { Icon } from '../../../shared/ui/icons.tsx';
import { useBuilderContext } from './builder-context.ts';
import type { BuilderGraph, StepData, StepEdge, StepNode } from './graph-model.ts';
import { useStepProblems } from './problems-store.ts';
import { SchemaForm, type JsonSchema } from '../../../shared/ui/schema-form.tsx';

interface Props {
  graph: BuilderGraph;
  onStepChange: (id: string, data: StepData, field: string) => void;
  onDeleteSelection: () => void;
}

/** The side panel: the selected step's name and config form (errors inline), a selected connection, or a summary of a multi-selection. */
export function ConfigPanel({ graph, onStepChange, onDeleteSelection }: Props) {
  const { readOnly } = useBuilderContext();
  const selectedNodes = useMemo(() => graph.nodes.filter((n) => n.selected), [graph.nodes]);
  const selectedEdges = useMemo(() => graph.edges.filter((e) => e.selected), [graph.edges]);

  if (selectedNodes.length === 1 && selectedEdges.length === 0) {
    return <StepPanel key={selectedNodes[0]!.id} node={selectedNodes[0]!} onChange={onStepChange} onDelete={onDeleteSelection} />;
  }
  if (selectedNodes.length === 0 && selectedEdges.length === 1) {
    return <ConnectionPanel edge={selectedEdges[0]!} graph={graph} onDelete={onDeleteSelection} />;
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
}

function StepPanel({ node, onChange, onDelete }: { node: StepNode; onChange: Props['onStepChange']; onDelete: () => void }) {
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
          maxLength={200}
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

function ConnectionPanel({ edge, graph, onDelete }: { edge: StepEdge; graph: BuilderGraph; onDelete: () => void }) {
  const { readOnly } = useBuilderContext();
  const name = (id: string) => graph.nodes.find((n) => n.id === id)?.data.name ?? id;
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
