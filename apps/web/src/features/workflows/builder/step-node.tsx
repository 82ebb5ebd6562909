import { memo, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { Handle, Position, useUpdateNodeInternals, type NodeProps } from '@xyflow/react';
import { BUILDER_ICONS } from '../../../shared/ui/icon-sets/builder.ts';
import { addIcons, iconImage } from '../../../shared/ui/icons.tsx';
import { useBuilderContext } from './builder-context.ts';
import { INPUT_HANDLE, outputHandles, type StepNode as StepNodeType } from './graph-model.ts';
import { useStepProblems } from './problems-store.ts';
import { reviewTags } from './review-tags.ts';
import { PROBLEM_COLOURS, stepAccent } from './step-accents.ts';
import { countsText, trend } from '../simulation/simulation-overlay.ts';

addIcons(BUILDER_ICONS);

/** Longer names are cut on the canvas (in full in the tooltip and the side panel): a name wraps rather than being clipped. */
const NAME_LIMIT = 60;
/** Zoomed far out only the name is drawn, larger: two lines at most, one above a step's branches. */
const FAR_NAME_LIMIT = 24;
const FAR_ONE_LINE_LIMIT = 13;

const cut = (name: string, limit: number) => (name.length > limit ? `${name.slice(0, limit - 1)}…` : name);

/**
 * A handle React Flow measures but that starts no connection: what a step shows zoomed far out, where a handle is a
 * few pixels wide. It keeps the real handle's classes and place, so connections attach exactly as they do up close.
 */
function MarkedHandle({ type, id }: { type: 'source' | 'target'; id: string }) {
  const side = type === 'target' ? 'left' : 'right';
  return (
    <span
      className={`react-flow__handle react-flow__handle-${side} ${type} step-handle step-handle-${type === 'target' ? 'in' : 'out'}`}
      data-handleid={id}
      data-handlepos={side}
    />
  );
}

/** One step on the canvas: its type and name, an input on the left, and one output per next step or branch on the right. */
function StepNodeView({ id, data, selected, height }: NodeProps<StepNodeType>) {
  const { types, problems, theme, far, simulation } = useBuilderContext();
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
  const shortName = cut(data.name, NAME_LIMIT);
  const className = `step-node${far ? ' is-far' : ''}${selected ? ' is-selected' : ''}${hasProblems ? ' has-problems' : ''}`;
  const title = hasProblems ? messages.join('\n') : undefined;
  if (far) {
    /*
     * Zoomed far out (level of detail, ADR 0018): the same box, at the size React Flow measured, with the name alone
     * and handles that only mark where connections attach. Several times fewer elements and no store subscriptions
     * per step, which is what keeps 500 steps quick to draw and to drag.
     */
    return (
      <div className={className} style={height ? { ...style, height } : style} data-step-type={data.type} title={title ?? data.name}>
        {type?.accepts_input !== false && <MarkedHandle type="target" id={INPUT_HANDLE} />}
        <div className="step-node-body">
          <div className={`step-node-name${branching ? ' is-one-line' : ''}`}>{cut(data.name, branching ? FAR_ONE_LINE_LIMIT : FAR_NAME_LIMIT)}</div>
          {branching && (
            <div className="step-node-far-branches">
              {outputs.map((o) => (
                <div key={o.id} className="step-node-far-branch">
                  <MarkedHandle type="source" id={o.id} />
                </div>
              ))}
            </div>
          )}
        </div>
        {!branching && outputs.length === 1 && <MarkedHandle type="source" id={outputs[0]!.id} />}
      </div>
    );
  }
  /*
   * Built to stay cheap at hundreds of steps (ADR 0018): no inline <svg> (icons are background images), no positioned
   * or clipped element (handles sit in the flex row and hang over the border by margin), so each step is one
   * painting layer, React Flow's, and a drag frame re-sorts as few layers as there are steps.
   */
  return (
    <div className={className} style={style} data-step-type={data.type} title={title}>
      {type?.accepts_input !== false && <Handle type="target" position={Position.Left} id={INPUT_HANDLE} className="step-handle step-handle-in" />}
      <div className="step-node-body">
        <div className="step-node-header">
          <span className="step-node-icon" style={{ backgroundImage: iconImage(type?.icon ?? 'dot', accent) }} />
          <span className="step-node-type">{type?.label ?? data.type}</span>
          {reviewTags(data.type, data.config).map((t) => (
            <span key={t.text} className="step-node-tag" title={t.title}>
              {t.text}
            </span>
          ))}
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
        {simulation && (
          <div className={`step-node-sim is-${trend(simulation.steps.get(id))}`} title="Cases through this step: as they ran → on the simulated version">
            {countsText(simulation.steps.get(id))}
          </div>
        )}
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
