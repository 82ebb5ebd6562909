interface SpinnerProps {
  label?: string;
  size?: 'sm';
}

export function Spinner({ label = 'Loading…', size }: SpinnerProps) {
  return (
    <div className={`spinner-border text-primary${size ? ` spinner-border-${size}` : ''}`} role="status">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** Full-height centred spinner for screens that wait on authentication (spec §2, §4). */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="d-flex align-items-center justify-content-center min-vh-100">
      <Spinner label={label} />
    </div>
  );
}
