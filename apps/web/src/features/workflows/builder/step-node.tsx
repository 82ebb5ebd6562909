import { memo, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { Handle, Position, useUpdateNodeInternals, type NodeProps } from '@xyflow/react';
import { iconImage } from '../../../shared/ui/icons.tsx';
import { useBuilderContext } from './builder-context.ts';
import { INPUT_HANDLE, outputHandles, type StepNode as StepNodeType } from './graph-model.ts';
import { useStepProblems } from './problems-store.ts';
import { PROBLEM_COLOURS, stepAccent } from './step-accents.ts';

/** Longer names are cut on the canvas (in full in the tooltip and the side panel): a name wraps rather than being clipped. */
const NAME_LIMIT = 60;

/** One step on the canvas: its type and name, an input on the left, and one output per next step or branch on the right. */
function StepNodeView({ id, data, selected }: NodeProps<StepNodeType>) {
  const { types, problems, theme } = useBuilderContext();
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
  const accent = stepAccent(type?.category, theme);
  const style = useMemo(() => ({ '--step-accent': accent }) as CSSProperties, [accent]);
  const shortName = data.name.length > NAME_LIMIT ? `${data.name.slice(0, NAME_LIMIT - 1)}…` : data.name;
  /*
   * Built to stay cheap at hundreds of steps (ADR 0018): no inline <svg> (icons are background images), no positioned
   * or clipped element (handles sit in the flex row and hang over the border by margin), so each step is one
   * painting layer, React Flow's, and a drag frame re-sorts as few layers as there are steps.
   */
  return (
    <div
      className={`step-node${selected ? ' is-selected' : ''}${hasProblems ? ' has-problems' : ''}`}
      style={style}
      data-step-type={data.type}
      title={hasProblems ? messages.join('\n') : undefined}
    >
      {type?.accepts_input !== false && <Handle type="target" position={Position.Left} id={INPUT_HANDLE} className="step-handle step-handle-in" />}
      <div className="step-node-body">
        <div className="step-node-header">
          <span className="step-node-icon" style={{ backgroundImage: iconImage(type?.icon ?? 'dot', accent) }} />
          <span className="step-node-type">{type?.label ?? data.type}</span>
          {hasProblems && (
            <span
              className="step-node-problem"
              role="img"
              aria-label={`${messages.length} problem${messages.length === 1 ? '' : 's'}`}
              style={{ backgroundImage: iconImage('exclamation-triangle', PROBLEM_COLOURS[theme]) }}
            />
          )}
        </div>
        <div className="step-node-name" title={shortName === data.name ? undefined : data.name}>
          {shortName}
        </div>
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
      </div>
      {!branching && outputs.length === 1 && <Handle type="source" position={Position.Right} id={outputs[0]!.id} className="step-handle step-handle-out" />}
    </div>
  );
}

export const StepNodeComponent = memo(StepNodeView);
