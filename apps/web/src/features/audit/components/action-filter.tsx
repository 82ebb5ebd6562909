import Form from 'react-bootstrap/Form';
import { AUDIT_ACTION_GROUPS, isAuditAction } from '@admin-portal/contract/system/audit-actions';

/**
 * The action filter: every action the portal records, in words, grouped by the part of the portal it belongs to (the
 * URL keeps the code). A code in the URL that the portal no longer writes stays offered, as itself.
 */
export function ActionFilter({ value, onChange }: { value: string; onChange: (action: string) => void }) {
  return (
    <Form.Select className="audit-filter-action" aria-label="Filter by action" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">All actions</option>
      {value && !isAuditAction(value) && <option value={value}>{value}</option>}
      {Object.entries(AUDIT_ACTION_GROUPS).map(([group, actions]) => (
        <optgroup key={group} label={group}>
          {Object.entries(actions).map(([code, words]) => (
            <option key={code} value={code}>
              {words}
            </option>
          ))}
        </optgroup>
      ))}
    </Form.Select>
  );
}
