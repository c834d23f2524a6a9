/**
 * Private object storage for borrower photos (BE-03). Keys are server-made (random, no user input),
 * objects are never public: the API streams them to their owner through short-lived signed links.
 */
export interface ObjectStorage {
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** deleting a missing object is not an error */
  delete(key: string): Promise<void>;
}

/** Keys look like `photos/2026/11/<uuid>.jpg`: no dots-only segments, nothing to climb out of a folder with. */
const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9]+)?$/i;

export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key))
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
