import Form from 'react-bootstrap/Form';
import { ROLES, roleLabel, type RoleName } from '@admin-portal/contract/role-names';

interface Props {
  /** Prefix of the checkboxes' ids. */
  id: string;
  legend: string;
  help: string;
  value: readonly RoleName[];
  onChange: (roles: RoleName[]) => void;
  disabled?: boolean;
  error?: string | undefined;
}

/** A set of roles chosen with a checkbox each (the roles that must sign in with a second factor), in the spec's order. */
export function RoleChecklist({ id, legend, help, value, onChange, disabled, error }: Props) {
  const chosen = new Set(value);
  const toggle = (role: RoleName, on: boolean) => onChange(ROLES.filter((r) => (r === role ? on : chosen.has(r))));
  return (
    <fieldset aria-describedby={`${id}-help`} disabled={disabled}>
      <legend className="form-label fs-6 mb-1">{legend}</legend>
      <div className="d-flex flex-wrap gap-3">
        {ROLES.map((role) => (
          <Form.Check
            key={role}
            type="checkbox"
            id={`${id}-${role}`}
            label={roleLabel(role)}
            checked={chosen.has(role)}
            isInvalid={!!error}
            onChange={(e) => toggle(role, e.target.checked)}
          />
        ))}
      </div>
      <Form.Text id={`${id}-help`}>{help}</Form.Text>
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
