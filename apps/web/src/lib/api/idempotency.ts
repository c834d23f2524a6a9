/**
 * Idempotency keys (SH-13): one UUID per user action, reused only when that same action is retried,
 * so a double submit or a retry after a dropped connection can never create two effects server-side.
 */
type CryptoLike = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

export function newIdempotencyKey(cryptoImpl: CryptoLike = globalThis.crypto): string {
  // randomUUID exists only in secure contexts (https or localhost); a phone testing against a LAN
  // address over http has getRandomValues but not randomUUID, so build a v4 UUID by hand there.
  if (typeof cryptoImpl.randomUUID === 'function') return cryptoImpl.randomUUID();
  const bytes = cryptoImpl.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Remembers the key of the action in flight. `keyFor(fingerprint)` returns the same key while the
 * fingerprint (the request's meaningful input) is unchanged, and a fresh one once it changes or
 * after `done()`: call `done()` when the server gave a definitive answer, so the next tap is a new
 * action instead of replaying the stored answer.
 */
export function createActionKey(make: () => string = newIdempotencyKey) {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint: string): string {
      if (!current || current.fingerprint !== fingerprint) current = { fingerprint, key: make() };
      return current.key;
    },
    done(): void {
      current = null;
    },
  };
}
export type ActionKey = ReturnType<typeof createActionKey>;
