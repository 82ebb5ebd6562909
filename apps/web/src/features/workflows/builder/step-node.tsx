import { memo, useEffect, useMemo, useRef } from 'react';
import { Handle, Position, useUpdateNodeInternals, type NodeProps } from '@xyflow/react';
import { Icon } from '../../../shared/ui/icons.tsx';
import { useBuilderContext } from './builder-context.ts';
import { INPUT_HANDLE, outputHandles, type StepNode as StepNodeType } from './graph-model.ts';
import { useStepProblems } from './problems-store.ts';

/** One step on the canvas: its type and name, an input on the left, and one output per next step or branch on the right. */
function StepNodeView({ id, data, selected }: NodeProps<StepNodeType>) {
  const { types, problems } = useBuilderContext();
  const type = types.get(data.type);
  const outputs = useMemo(() => outputHandles(types, data), [types, data]);
  const messages = useStepProblems(problems, id);
  const updateNodeInternals = useUpdateNodeInternals();
  const handleKey = outputs.map((o) => o.id).join('|');
  // React Flow measures a node's handles when it mounts; a condition that later gains or loses a branch must be
  // measured again. Not on mount: 500 nodes asking at once would each re-measure the whole canvas.
  const measuredKey = useRef(handleKey);
  useEffect(() => {
    if (measuredKey.current === handleKey) return;
    measuredKey.current = handleKey;
    updateNodeInternals(id);
  }, [handleKey, id, updateNodeInternals]);

  const hasProblems = messages.length > 0;
  const branching = type?.outputs === 'branches';
  return (
    <div
      className={`step-node step-node-${type?.category ?? 'unknown'}${selected ? ' is-selected' : ''}${hasProblems ? ' has-problems' : ''}`}
      data-step-type={data.type}
      title={hasProblems ? messages.join('\n') : undefined}
    >
      {type?.accepts_input !== false && <Handle type="target" position={Position.Left} id={INPUT_HANDLE} className="step-handle step-handle-in" />}
      <div className="step-node-header">
        <span className="step-node-icon">
          <Icon name={type?.icon ?? 'dot'} />
        </span>
        <span className="step-node-type">{type?.label ?? data.type}</span>
        {hasProblems && (
          <span className="step-node-problem ms-auto" role="img" aria-label={`${messages.length} problem${messages.length === 1 ? '' : 's'}`}>
            <Icon name="exclamation-triangle" />
          </span>
        )}
      </div>
      <div className="step-node-name">{data.name}</div>
      {branching && (
        <ul className="step-node-branches list-unstyled mb-0">
          {outputs.map((o) => (
            <li key={o.id} className="step-node-branch">
              {o.label}
              <Handle type="source" position={Position.Right} id={o.id} className={`step-handle step-handle-out step-handle-branch-${o.id}`} />
            </li>
          ))}
        </ul>
      )}
      {!branching && outputs.length === 1 && <Handle type="source" position={Position.Right} id={outputs[0]!.id} className="step-handle step-handle-out" />}
    </div>
  );
}

export const StepNodeComponent = memo(StepNodeView);
