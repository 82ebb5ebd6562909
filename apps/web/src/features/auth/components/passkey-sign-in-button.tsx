import { useState } from 'react';
import { signInWithPasskey } from '../passkey-sign-in.ts';

interface Props {
  /** A password sign-in's challenge the passkey finishes, or null for a sign-in with the passkey alone. */
  challengeToken: string | null;
  label: string;
  variant?: 'primary' | 'outline-secondary';
  onStart?: () => void;
  /** The sign-in did not happen: the reason to show. */
  onFailed: (message: string) => void;
  onSignedIn: () => void;
}

/** Signs in with a passkey (issue 37 item 2). Part of the sign-in page's first download: plain markup, no zod. */
export function PasskeySignInButton({ challengeToken, label, variant = 'outline-secondary', onStart, onFailed, onSignedIn }: Props) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    if (busy) return;
    setBusy(true);
    onStart?.();
    const failure = await signInWithPasskey(challengeToken);
    if (!failure) return onSignedIn();
    setBusy(false);
    onFailed(failure.message);
  }
  return (
    <button type="button" className={`btn btn-${variant} w-100`} disabled={busy} aria-busy={busy} onClick={() => void onClick()}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {label}
    </button>
  );
}
