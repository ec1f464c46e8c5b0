/**
 * The two cryptographic operations the verifier needs beyond the domain's SHA-256 of canonical
 * JSON: the SHA-256 of the raw public key (its fingerprint) and an Ed25519 signature check. They sit
 * behind this small interface so that the same verifier runs in the CLI (Node 20) and in the web
 * app's /verify page: both have WebCrypto (`globalThis.crypto.subtle`), which is what the default
 * implementation uses; node:crypto would tie the shared code to Node.
 */
export interface RecordCrypto {
  sha256(bytes: Uint8Array): Promise<Uint8Array>;
  /** Whether `signature` is a valid Ed25519 signature of `message` under the raw 32-byte `publicKey`. */
  verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean>;
}

/** Thrown when this runtime's WebCrypto cannot check Ed25519 (an old browser): the page says so. */
export class Ed25519UnsupportedError extends Error {
  constructor(cause: unknown) {
    super(
      `this browser cannot check Ed25519 signatures (${cause instanceof Error ? cause.message : String(cause)}); use a current browser or npx stationbid-verify`,
    );
    this.name = 'Ed25519UnsupportedError';
  }
}

function subtle() {
  const found = globalThis.crypto?.subtle;
  // WebCrypto is only exposed to secure contexts (https or localhost) in browsers.
  if (!found)
    throw new Ed25519UnsupportedError(new Error('WebCrypto is not available here (is the page served over https?)'));
  return found;
}

/** WebCrypto wants bytes backed by a plain ArrayBuffer: a copy guarantees it. */
const plain = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

export const webCrypto: RecordCrypto = {
  async sha256(bytes) {
    return new Uint8Array(await subtle().digest('SHA-256', plain(bytes)));
  },
  async verifyEd25519(publicKey, message, signature) {
    const key = await subtle()
      .importKey('raw', plain(publicKey), { name: 'Ed25519' }, false, ['verify'])
      .catch((error: unknown) => {
        // A runtime without Ed25519 says so; a 32-byte key that is no curve point is refused by the
        // import, which is answered as a signature that does not match.
        const name = error instanceof Error ? error.name : '';
        const message = error instanceof Error ? error.message : '';
        if (name === 'NotSupportedError' || /not supported|unrecognized/i.test(message)) {
          throw new Ed25519UnsupportedError(error);
        }
        return null;
      });
    if (!key) return false;
    return subtle().verify({ name: 'Ed25519' }, key, plain(signature), plain(message));
  },
};
