/** A filtered list's empty state: "No {what} match these filters." and a link that clears them. */
export function NoMatches({ what, onClear }: { what: string; onClear: () => void }) {
  return (
    <>
      No {what} match these filters.{' '}
      <button type="button" className="btn btn-link p-0 align-baseline" onClick={onClear}>
        Clear filters
      </button>
    </>
  );
}
