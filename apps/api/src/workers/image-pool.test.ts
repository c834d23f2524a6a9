import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageWorkerPool } from './image-pool.ts';

const photos = fileURLToPath(new URL('../test/fixtures/photos', import.meta.url));

describe('image worker pool (issue 8, memory)', () => {
  const pool = new ImageWorkerPool({ maxThreads: 1, idleTimeoutMs: 60_000 });
  afterAll(() => pool.close());

  it('a worker gives back the buffers of a finished photo before the next one, not when V8 next collects', async () => {
    const idCard = await readFile(path.join(photos, 'id-card-sharp.jpg'));
    await pool.inspect(Buffer.from(idCard), 'image/jpeg', 'idCard');
    const first = await pool.workerMemory();
    // each inspection leaves ~1 MB of buffers behind in the worker (the upload, sharp's
    // re-encoded JPEG and analysis pixels, counted as external memory); V8 alone would collect them
    // only once ~64 MB of such memory had piled up
    for (let i = 0; i < 12; i++) await pool.inspect(Buffer.from(idCard), 'image/jpeg', 'idCard');
    // V8 frees the buffers of collected objects on a background thread, shortly after the collection
    await expect
      .poll(async () => (await pool.workerMemory()).externalMb - first.externalMb, { timeout: 2000 })
      .toBeLessThan(2);
  });

  it('a worker keeps no full-resolution layer of the face network between selfies', async () => {
    const selfie = await readFile(path.join(photos, 'selfie-one-face.jpg'));
    for (let i = 0; i < 4; i++) await pool.countFaces(selfie);
    // what stays for the next selfie is the weights (0.8 MB) and the network's work areas
    // (tiny-face-network.ts), which stream rows: ~2.2 MB of ArrayBuffers in all; 16.7 MB when each
    // layer was computed whole (the first one alone was 11 MB), 5.1 MB with whole pooled maps
    await expect
      .poll(async () => (await pool.workerMemory()).arrayBuffersMb, { timeout: 2000 })
      .toBeLessThan(4.5);
  });

  it("BE-03 VAL-16 a photo's buffers leave the main thread: the upload and a selfie's pixels move to the worker, a card's pixels stay there", async () => {
    const idCard = await readFile(path.join(photos, 'id-card-sharp.jpg'));
    const upload = Buffer.from(idCard); // a buffer of its own, as Fastify hands over a request body
    const card = await pool.inspect(upload, 'image/jpeg', 'idCard');
    expect(upload.byteLength).toBe(0); // moved, not copied
    expect(card.check.problems).toEqual([]); // the card's checks ran in the worker (VAL-16)
    expect(card).not.toHaveProperty('facePixels');
    expect(card.jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const selfie = await pool.inspect(
      await readFile(path.join(photos, 'selfie-one-face.jpg')),
      'image/jpeg',
      'selfie',
    );
    if (selfie.kind !== 'selfie') throw new Error('a selfie comes back as one');
    const { width, height, data } = selfie.facePixels;
    expect(data.byteLength).toBe(width * height * 3);
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    expect(await pool.countFaces({ width, height, data: pixels })).toBe(1);
    expect(pixels.byteLength).toBe(0);
  });

  it('BE-03 a slice of a larger buffer is copied to the worker, not moved with its neighbours', async () => {
    const idCard = await readFile(path.join(photos, 'id-card-sharp.jpg'));
    const larger = Buffer.concat([Buffer.from('neighbour'), idCard]);
    const slice = larger.subarray(9);
    await pool.inspect(slice, 'image/jpeg', 'idCard');
    expect(larger.subarray(0, 9).toString()).toBe('neighbour');
    expect(slice.equals(idCard)).toBe(true);
  });
});
