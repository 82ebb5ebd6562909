import { memo, useMemo, useState, type CSSProperties, type DragEvent } from 'react';
import Form from 'react-bootstrap/Form';
import type { StepTypeDescription } from '@admin-portal/contract/workflows/api';
import { useTheme } from '../../../shared/theme/theme.ts';
import { BUILDER_ICONS } from '../../../shared/ui/icon-sets/builder.ts';
import { addIcons, Icon } from '../../../shared/ui/icons.tsx';
import { searchStepTypes } from './palette-search.ts';
import { stepAccent } from './step-accents.ts';

addIcons(BUILDER_ICONS);

/** The drag payload type of a palette item (only the builder's canvas accepts it). */
export const STEP_TYPE_MIME = 'application/x-admin-portal-step-type';

interface Props {
  types: readonly StepTypeDescription[];
  /** Keyboard and click alternative to dragging: adds the step in the middle of the view. */
  onAdd: (type: string) => void;
}

/** The searchable list of step types: drag one onto the canvas, or press Enter on it to add it. */
export const Palette = memo(function Palette({ types, onAdd }: Props) {
  const theme = useTheme();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => searchStepTypes(types, query), [types, query]);

  const onDragStart = (event: DragEvent, type: string) => {
    event.dataTransfer.setData(STEP_TYPE_MIME, type);
    event.dataTransfer.effectAllowed = 'copy';
  };

  return (
    <nav className="builder-palette" aria-label="Step types">
      <div className="p-2 border-bottom">
        <Form.Control
          size="sm"
          type="search"
          placeholder="Search steps..."
          aria-label="Search step types"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <ul className="list-unstyled mb-0 p-2">
        {shown.map((t) => (
          <li key={t.type} className="mb-1">
            <button
              type="button"
              className="palette-item"
              style={{ '--step-accent': stepAccent(t.category, theme) } as CSSProperties}
              draggable
              data-step-type={t.type}
              title={`${t.description} Drag onto the canvas, or press Enter to add.`}
              onDragStart={(e) => onDragStart(e, t.type)}
              onClick={() => onAdd(t.type)}
            >
              <Icon name={t.icon} />
              <span className="palette-item-text">
                <span className="palette-item-label">{t.label}</span>
                <span className="palette-item-description">{t.description}</span>
              </span>
            </button>
          </li>
        ))}
        {shown.length === 0 && <li className="small text-body-secondary p-2">No step type matches "{query}".</li>}
      </ul>
    </nav>
  );
});
