/**
 * How a detail drawer shows what went over the wire: a payload or body (`CodeBlock`) and a list of headers
 * (`HeaderList`), as the tool executions' and the webhook deliveries' drawers do.
 */
import './code-view.css';

/** Headers sorted by name, for a stable, scannable list. */
export function headerEntries(headers: Record<string, string> | null | undefined): [string, string][] {
  return Object.entries(headers ?? {}).sort(([a], [b]) => a.localeCompare(b));
}

/** Text (already pretty-printed), scrolling on its own; it takes focus so the keyboard can scroll it too. */
export function CodeBlock({ label, text }: { label: string; text: string }) {
  return (
    <pre className="code-block mb-0" tabIndex={0} aria-label={label}>
      <code>{text}</code>
    </pre>
  );
}

/** "Request headers (5)", folded; nothing when there are none. */
export function HeaderList({ label, headers }: { label: string; headers: Record<string, string> | null | undefined }) {
  const entries = headerEntries(headers);
  if (entries.length === 0) return null;
  return (
    <details className="mb-2">
      <summary className="small">
        {label} ({entries.length})
      </summary>
      <dl className="header-list small font-monospace mt-2 mb-0">
        {entries.map(([name, value]) => (
          <div key={name} className="d-flex gap-2">
            <dt className="fw-semibold text-nowrap">{name}:</dt>
            <dd className="mb-0 text-break">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
