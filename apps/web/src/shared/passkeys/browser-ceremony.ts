import type { AuthenticationResponse, CreationOptions, RegistrationResponse, RequestOptions } from '@admin-portal/contract/passkeys';
import { PASSKEY_TEXTS } from '@admin-portal/contract/passkey-texts';

/**
 * The browser's side of a passkey ceremony (issue 37 item 2): @simplewebauthn/browser turns the server's options into
 * navigator.credentials.create()/get() and the answer into JSON. Loaded when a person asks for a passkey, so the
 * sign-in page's first download does not carry it.
 */

const browser = () => import('@simplewebauthn/browser');

export async function createPasskey(options: CreationOptions): Promise<RegistrationResponse> {
  const { startRegistration } = await browser();
  // The contract's options are the library's JSON form; its type names the unions more narrowly.
  return (await startRegistration({ optionsJSON: options as never })) as RegistrationResponse;
}

export async function answerWithPasskey(options: RequestOptions): Promise<AuthenticationResponse> {
  const { startAuthentication } = await browser();
  return (await startAuthentication({ optionsJSON: options as never })) as AuthenticationResponse;
}

/** What to tell the person when the browser's ceremony did not finish: cancelled, a passkey it has already, or why. */
export function ceremonyFailure(err: unknown): string {
  const { name, code, message } = (err ?? {}) as { name?: string; code?: string; message?: string };
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return PASSKEY_TEXTS.cancelled;
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_TEXTS.alreadyRegistered;
  return message || PASSKEY_TEXTS.cancelled;
}
