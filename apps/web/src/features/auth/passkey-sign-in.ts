/**
 * Sign-in with a passkey (issue 37 item 2), apart from auth-actions.ts: only the sign-in page offers it, so the
 * passkey ceremony and its texts stay out of the script every staff page loads.
 */
import { answerWithPasskey, ceremonyFailure } from '../../shared/passkeys/browser-ceremony.ts';
import { loginPasskey, loginPasskeyOptions } from './api/login.ts';
import { startSignedInSession } from './auth-actions.ts';

/**
 * The server's challenge, the browser's ceremony, its answer. `challengeToken`:
 * a password sign-in's challenge, which the passkey finishes as its second factor. Answers the failure to show
 * (the server's reason, or what the browser said), or null once signed in.
 */
export async function signInWithPasskey(challengeToken: string | null): Promise<{ message: string } | null> {
  const options = await loginPasskeyOptions(challengeToken);
  if (!options.success) return options;
  let credential;
  try {
    credential = await answerWithPasskey(options.data);
  } catch (err) {
    return { message: ceremonyFailure(err) };
  }
  const result = await loginPasskey(credential);
  if (!result.success) return result;
  startSignedInSession(result.data);
  return null;
}
