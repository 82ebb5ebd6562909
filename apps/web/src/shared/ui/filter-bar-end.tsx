import Button from 'react-bootstrap/Button';

interface Props {
  /** Whether any search or filter is applied (the Clear filters link shows only then). */
  filtered: boolean;
  onClear: () => void;
  /** A page is being fetched in the background (the rows on screen stay until it arrives). */
  updating: boolean;
}

/** The end of a list's filter bar: "Clear filters" while something is filtered, and a small spinner while the list refreshes. */
export function FilterBarEnd({ filtered, onClear, updating }: Props) {
  return (
    <>
      {filtered && (
        <Button variant="link" className="text-decoration-none" onClick={onClear}>
          Clear filters
        </Button>
      )}
      <div className="ms-auto small text-body-secondary">
        {updating && <span className="spinner-border spinner-border-sm" role="status" aria-label="Updating" />}
      </div>
    </>
  );
}
