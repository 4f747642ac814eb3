// A software passkey for server tests: an ES256 key pair that answers WebAuthn registration
// and login challenges as an authenticator would (attestation `none`), with a signature
// counter the test sets. Browser tests use Chromium's virtual authenticator instead.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65_536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The few CBOR kinds WebAuthn's attestation object and COSE keys use. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  return Buffer.concat([head(2, value.length), value]);
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftPasskey {
  credentialId: string;
  /** Answers `navigator.credentials.create` for these options' challenge. */
  register(challenge: string): Record<string, unknown>;
  /** Answers `navigator.credentials.get` for a challenge, with this signature counter. */
  assert(challenge: string, counter: number): Record<string, unknown>;
}

export function softPasskey(rpId: string, origin: string): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const id = randomBytes(16);
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const cose = cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
  const authData = (flags: number, counter: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const signed = (key: KeyObject, data: Buffer, client: Buffer) => sign('sha256', Buffer.concat([data, sha256(client)]), key);

  return {
    credentialId: b64(id),
    register(challenge) {
      const idLength = Buffer.from([id.length >> 8, id.length & 0xff]);
      // User present and verified, with attested credential data: no AAGUID, the id, the COSE key.
      const data = authData(0x45, 0, Buffer.concat([Buffer.alloc(16), idLength, id, cose]));
      const attestation = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]),
      );
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        response: { clientDataJSON: b64(clientData('webauthn.create', challenge)), attestationObject: b64(attestation), transports: ['internal'] },
        clientExtensionResults: {},
      };
    },
    assert(challenge, counter) {
      const data = authData(0x05, counter);
      const client = clientData('webauthn.get', challenge);
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        response: { clientDataJSON: b64(client), authenticatorData: b64(data), signature: b64(signed(privateKey, data, client)) },
        clientExtensionResults: {},
      };
    },
  };
}
