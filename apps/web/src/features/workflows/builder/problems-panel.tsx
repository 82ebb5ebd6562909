import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import { BUILDER_ICONS } from '../../../shared/ui/icon-sets/builder.ts';
import { addIcons, Icon } from '../../../shared/ui/icons.tsx';
import { useProblemList, type ProblemsStore } from './problems-store.ts';

addIcons(BUILDER_ICONS);

interface Props {
  problems: ProblemsStore;
  onFocusStep: (stepId: string) => void;
  onClose: () => void;
}

/**
 * What stands between this workflow and activation: the count, then every problem, side by side in columns so a long
 * list stays short (the banner takes its full height up to 40 % of the builder, never squeezed by the canvas). A
 * problem on a step is a button that selects and centres that step.
 */
export function ProblemsPanel({ problems, onFocusStep, onClose }: Props) {
  const { list, source } = useProblemList(problems);
  return (
    <section
      className={`builder-problems border-bottom px-3 py-2${list.length === 0 ? ' is-clear' : ''}`}
      aria-labelledby="builder-problems-title"
      aria-live="polite"
    >
      <div className="d-flex align-items-center gap-2">
        <h2 id="builder-problems-title" className="h6 mb-0">
          {list.length === 0 ? 'No problems: this workflow can be activated' : `${list.length} problem${list.length === 1 ? '' : 's'} to fix before activation`}
        </h2>
        {source === 'server' && <span className="badge text-bg-danger">Reported by the server</span>}
        <CloseButton className="ms-auto" aria-label="Close problems" onClick={onClose} />
      </div>
      {list.length > 0 && (
        <ol className="list-unstyled mb-0 mt-1 builder-problem-list">
          {list.map((p, i) => (
            <li key={`${p.code}-${p.step_id ?? ''}-${i}`} className="builder-problem small">
              <Icon name="exclamation-triangle" className="text-danger flex-shrink-0 mt-1" />
              {p.step_id ? (
                <Button
                  variant="link"
                  size="sm"
                  className="p-0 text-start builder-problem-text"
                  onClick={() => onFocusStep(p.step_id!)}
                  title="Select this step"
                >
                  {p.message}
                </Button>
              ) : (
                <span className="builder-problem-text">{p.message}</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
