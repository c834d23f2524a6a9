import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertStorageKey, type ObjectStorage } from './object-storage.ts';

/**
 * The embedded default: files under DATA_DIR/objects, which is outside WEB_DIST and never served
 * statically. Writes go to a temporary name and are renamed into place, so a reader never sees half
 * a photo; files are 0600 (photos of ID cards). The content type is implied by the key's extension.
 */
export class LocalDiskStorage implements ObjectStorage {
  readonly name = 'local';
  readonly #root: string;

  constructor(root: string) {
    this.#root = path.resolve(root);
  }

  #pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.#root, ...key.split('/'));
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const file = this.#pathOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, body, { mode: 0o600 });
    await rename(temp, file);
  }

  async get(key: string): Promise<{ body: Buffer; contentType: string } | null> {
    try {
      return { body: await readFile(this.#pathOf(key)), contentType: contentTypeOf(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#pathOf(key), { force: true });
  }
}

function contentTypeOf(key: string): string {
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.jpg') || key.endsWith('.jpeg')) return 'image/jpeg';
  return 'application/octet-stream';
}
