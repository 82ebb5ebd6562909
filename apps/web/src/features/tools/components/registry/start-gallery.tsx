import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Placeholder from 'react-bootstrap/Placeholder';
import type { ToolTypeDescription } from '@admin-portal/contract/tools/api';
import type { ToolTemplate } from '@admin-portal/contract/tools/templates';
import { TOOL_ICONS } from '../../../../shared/ui/icon-sets/tools.ts';
import { addIcons, Icon } from '../../../../shared/ui/icons.tsx';

addIcons(TOOL_ICONS);

/** Where a new tool starts: a type's defaults, or a template. */
export type StartChoice = { kind: 'blank'; type: string } | { kind: 'template'; key: string };

export const choiceKey = (c: StartChoice): string => (c.kind === 'blank' ? `blank:${c.type}` : `template:${c.key}`);

interface Props {
  types: readonly ToolTypeDescription[] | undefined;
  templates: readonly ToolTemplate[] | undefined;
  loading: boolean;
  /** Why the templates could not be loaded (a tool can still start from scratch). */
  error: string | null;
  onRetry: () => void;
  selected: StartChoice | null;
  onSelect: (choice: StartChoice) => void;
}

const NAME = 'tool-start';

function StartOption({ id, checked, onSelect, children }: { id: string; checked: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <div className="tool-start-option">
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
      <label htmlFor={id} className="tool-start-card card h-100">
        {children}
      </label>
    </div>
  );
}

/**
 * "Start from": per tool type, a blank tool with the type's defaults and the templates of that type, as one group
 * of radio cards (arrow keys move between them, the chosen one is outlined).
 */
export function StartGallery({ types, templates, loading, error, onRetry, selected, onSelect }: Props) {
  const current = selected ? choiceKey(selected) : null;
  return (
    <fieldset>
      <legend className="form-label fs-6 mb-2">Start from a template, or from scratch with a type</legend>
      {loading && (
        <div className="tool-start-gallery" aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="card tool-start-placeholder">
              <div className="card-body">
                <Placeholder animation="glow">
                  <Placeholder xs={8} /> <Placeholder xs={12} size="sm" /> <Placeholder xs={6} size="sm" />
                </Placeholder>
              </div>
            </div>
          ))}
        </div>
      )}
      {types?.map((type) => {
        const ofType = templates?.filter((t) => t.tool_type === type.type) ?? [];
        const blankId = `start-blank-${type.type}`;
        return (
          <section key={type.type} className="mb-3" aria-labelledby={`start-group-${type.type}`}>
            <h3 id={`start-group-${type.type}`} className="h6 d-flex align-items-center gap-2 mb-2">
              <Icon name={type.icon} />
              {type.label}
            </h3>
            <div className="tool-start-gallery">
              <StartOption id={blankId} checked={current === `blank:${type.type}`} onSelect={() => onSelect({ kind: 'blank', type: type.type })}>
                <span className="card-body d-flex flex-column gap-1">
                  <span id={`${blankId}-name`} className="fw-semibold">
                    Blank {type.label} tool
                  </span>
                  <span id={`${blankId}-details`} className="small text-body-secondary tool-start-description">
                    {type.description}
                  </span>
                </span>
              </StartOption>
              {ofType.map((t) => {
                const id = `start-template-${t.key}`;
                return (
                  <StartOption key={t.key} id={id} checked={current === `template:${t.key}`} onSelect={() => onSelect({ kind: 'template', key: t.key })}>
                    <span className="card-body d-flex flex-column gap-1">
                      <span className="d-flex align-items-start justify-content-between gap-2">
                        <span id={`${id}-name`} className="fw-semibold">
                          {t.title}
                        </span>
                        <span className="badge rounded-pill border flex-shrink-0 bg-primary-subtle text-primary-emphasis border-primary-subtle">Template</span>
                      </span>
                      <span id={`${id}-details`} className="d-flex flex-column flex-grow-1 gap-1">
                        <span className="small text-body-secondary tool-start-description">{t.description}</span>
                        <span className="small text-body-secondary mt-auto">
                          <code>{t.name}</code>
                          {t.secrets.length > 0 && <> · secrets {t.secrets.join(', ')}</>}
                        </span>
                      </span>
                    </span>
                  </StartOption>
                );
              })}
            </div>
          </section>
        );
      })}
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
