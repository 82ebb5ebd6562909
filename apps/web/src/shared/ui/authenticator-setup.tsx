import type { TotpSetup } from '@admin-portal/contract/two-factor';

/**
 * Setting up an authenticator app (issue 37): the two steps, the QR code the server drew and the key as text for an
 * app that cannot scan. Plain markup, so the sign-in page (a first download) shows it as the profile does.
 */
export function AuthenticatorQr({ setup, className = '' }: { setup: TotpSetup; className?: string }) {
  return (
    <>
      <ol className="small ps-3">
        <li>Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).</li>
        <li>Enter the 6-digit code it shows for this account.</li>
      </ol>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt="QR code for your authenticator app"
        width={176}
        height={176}
        className={`d-block mb-2 bg-white border rounded ${className}`}
      />
      <p className="small text-body-secondary">
        Cannot scan? Type this key into the app: <code className="user-select-all">{setup.secret}</code>
      </p>
    </>
  );
}

/** The recovery codes, shown once when they are made, with what they are for. */
export function RecoveryCodeList({ codes, id }: { codes: readonly string[]; id?: string }) {
  return (
    <>
      <p className="small mb-2">
        <strong>Your recovery codes.</strong> If you lose your phone, each of these signs you in once instead of a code. Save them now: they are shown only this
        once.
      </p>
      <ul id={id} className="list-unstyled font-monospace row row-cols-2 g-1 mb-3" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c} className="col">
            {c}
          </li>
        ))}
      </ul>
    </>
  );
}
