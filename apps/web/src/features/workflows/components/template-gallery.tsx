import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Placeholder from 'react-bootstrap/Placeholder';
import type { WorkflowTemplate } from '@admin-portal/contract/workflows/api';
import { categoryLabel } from '../lib/workflow-display.ts';

interface Props {
  templates: readonly WorkflowTemplate[] | undefined;
  loading: boolean;
  /** Why the templates could not be loaded (a blank workflow can still be made). */
  error: string | null;
  onRetry: () => void;
  /** The chosen template's id; null = a blank workflow. */
  selected: string | null;
  onSelect: (templateId: string | null) => void;
  /** A server error about the template (e.g. it was deleted meanwhile). */
  invalid?: string | undefined;
}

const steps = (n: number) => `${n} step${n === 1 ? '' : 's'}`;
const NAME = 'workflow-template';

/** One radio card: named by its title (`${id}-name`), described by the rest (`${id}-details`). */
function TemplateOption({ id, checked, onSelect, children }: { id: string; checked: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <div className="template-option">
      <input
        type="radio"
        className="btn-check"
        name={NAME}
        id={id}
        checked={checked}
        onChange={onSelect}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-details`}
      />
      <label htmlFor={id} className="template-card card h-100">
        {children}
      </label>
    </div>
  );
}

/**
 * "Start from": a blank workflow or one of the templates (shipped with the product, or the organization's own), as a
 * group of radio cards: arrow keys move between them, the chosen one is outlined.
 */
export function TemplateGallery({ templates, loading, error, onRetry, selected, onSelect, invalid }: Props) {
  return (
    <fieldset className="mb-0" aria-describedby={invalid ? 'workflow-template-error' : undefined}>
      <legend className="form-label fs-6 mb-2">Start from</legend>
      {invalid && (
        <Alert variant="danger" id="workflow-template-error" className="py-2 small">
          {invalid}
        </Alert>
      )}
      <div className="template-gallery">
        <TemplateOption id="template-blank" checked={selected === null} onSelect={() => onSelect(null)}>
          <span className="card-body d-flex flex-column gap-1">
            <span id="template-blank-name" className="fw-semibold">
              Blank workflow
            </span>
            <span id="template-blank-details" className="small text-body-secondary">
              Start connected to End: add the steps between them in the Visual Builder.
            </span>
          </span>
        </TemplateOption>
        {loading &&
          Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="card template-card-placeholder" aria-hidden="true">
              <div className="card-body">
                <Placeholder animation="glow">
                  <Placeholder xs={8} /> <Placeholder xs={12} size="sm" /> <Placeholder xs={6} size="sm" />
                </Placeholder>
              </div>
            </div>
          ))}
        {templates?.map((t) => {
          const id = `template-${t.id}`;
          return (
            <TemplateOption key={t.id} id={id} checked={selected === t.id} onSelect={() => onSelect(t.id)}>
              <span className="card-body d-flex flex-column gap-1">
                <span className="d-flex align-items-start justify-content-between gap-2">
                  <span id={`${id}-name`} className="fw-semibold">
                    {t.name}
                  </span>
                  <span
                    className={`badge rounded-pill border flex-shrink-0 ${t.is_global ? 'bg-info-subtle text-info-emphasis border-info-subtle' : 'bg-primary-subtle text-primary-emphasis border-primary-subtle'}`}
                  >
                    {t.is_global ? 'Shipped' : 'Your organization'}
                  </span>
                </span>
                <span id={`${id}-details`} className="d-flex flex-column flex-grow-1 gap-1">
                  {t.description && <span className="small text-body-secondary template-description">{t.description}</span>}
                  <span className="small text-body-secondary mt-auto">
                    {categoryLabel(t.category)} · {steps(t.step_count)}
                    {t.required_tools.length > 0 && <> · uses {t.required_tools.join(', ')}</>}
                  </span>
                </span>
              </span>
            </TemplateOption>
          );
        })}
      </div>
      {error && (
        <Alert variant="warning" className="mt-3 mb-0 d-flex align-items-center justify-content-between gap-3 py-2">
          <span className="small">Templates could not be loaded: {error}</span>
          <Button variant="outline-secondary" size="sm" onClick={onRetry}>
            Retry
          </Button>
        </Alert>
      )}
    </fieldset>
  );
}
