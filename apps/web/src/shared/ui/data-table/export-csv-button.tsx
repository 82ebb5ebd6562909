import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { notify } from '../../notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../notifications/toast-titles.ts';
import { CONTROL_ICONS } from '../icon-sets/controls.ts';
import { addIcons, Icon } from '../icons.tsx';

addIcons(CONTROL_ICONS);

interface Props {
  /** Writes the file; answers how many rows it holds. */
  onExport: () => Promise<number>;
  /** What the rows are, plural ("workflows"), for the toast. */
  noun: string;
  disabled?: boolean;
  size?: 'sm';
}

/** Every list's "Export CSV": a spinner while the rows are gathered, a toast when the file is saved or could not be. */
export function ExportCsvButton({ onExport, noun, disabled, size }: Props) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const count = await onExport();
      notify({
        type: 'success',
        title: TOAST_TITLES.exportReady,
        message: `The CSV file of the listed ${noun} has been downloaded (${count.toLocaleString()} ${count === 1 ? 'row' : 'rows'}).`,
      });
    } catch (error) {
      notify({ type: 'error', title: TOAST_TITLES.exportFailed, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline-secondary" size={size} onClick={() => void run()} disabled={busy || disabled}>
      {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <Icon name="download" className="me-1" />}
      Export CSV
    </Button>
  );
}
