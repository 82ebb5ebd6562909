import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * TOTP (RFC 6238) with otplib: six digits, 30-second steps, SHA-1, as every authenticator app reads them. A code of
 * the step before or after the current one is accepted too (a phone's clock a little off, a code typed as it turned).
 */
export const TOTP_STEP_SECONDS = 30;
const TOLERANCE_SECONDS = TOTP_STEP_SECONDS;

export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// address an app scans: the product's name as issuer, the e-mail as the account. */
export const totpUri = (issuer: string, account: string, secret: string): string => generateURI({ issuer, label: account, secret });

/** The QR code of `text` as an SVG document (drawn by the server, so the page loads no QR library). */
export const qrSvg = (text: string): Promise<string> => QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** The time step of a right code for the secret now (within the tolerance), or null. */
export async function matchingStep(secret: string, code: string, now: number = Date.now()): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: Math.floor(now / 1000), epochTolerance: TOLERANCE_SECONDS });
  if (!result.valid) return null;
  // The step the code belongs to: the current one moved by how far off the code was.
  return Math.floor(now / 1000 / TOTP_STEP_SECONDS) + result.delta;
}
