import { useState } from 'react';

/**
 * True from the first render where `open` is on: a dialog whose code downloads when it is first opened (React.lazy) is
 * mounted from then on and stays mounted, so its closing transition plays and it opens at once the next time.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
