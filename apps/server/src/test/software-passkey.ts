import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponse, CreationOptions, RegistrationResponse, RequestOptions } from '@admin-portal/contract/passkeys';

/**
 * An authenticator in software for the API tests (the browser tests use Chromium's virtual one): an ES256 key pair
 * that answers WebAuthn's two ceremonies as a platform authenticator with user verification does — "none"
 * attestation, a signature counter, the client data a browser at `origin` would sign. Nothing in it is the server's:
 * the server checks its answers with @simplewebauthn/server as it checks a browser's.
 */
export class SoftwarePasskey {
  readonly credentialId = randomBytes(32).toString('base64url');
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;

  readonly origin: string;
  private readonly flags: { userVerified: boolean };

  constructor(origin: string, flags: { userVerified: boolean } = { userVerified: true }) {
    this.origin = origin;
    this.flags = flags;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(rpId: string, attested: boolean): Buffer {
    const flags = 0x01 | (this.flags.userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const head = Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), counter]);
    if (!attested) return head;
    const id = Buffer.from(this.credentialId, 'base64url');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    return Buffer.concat([head, Buffer.alloc(16), length, id, Buffer.from(isoCBOR.encode(coseKey))]);
  }

  /** navigator.credentials.create() with these options, as @simplewebauthn/browser would send it. */
  register(options: CreationOptions, origin?: string): RegistrationResponse {
    const attestation = new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', this.authData(options.rp.id!, true)],
    ]);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, origin).toString('base64url'),
        attestationObject: Buffer.from(isoCBOR.encode(attestation as never)).toString('base64url'),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() with these options: signs the challenge and moves the counter on. */
  authenticate(options: RequestOptions, origin?: string): AuthenticationResponse {
    this.counter += 1;
    const authData = this.authData(options.rpId!, false);
    const clientData = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
