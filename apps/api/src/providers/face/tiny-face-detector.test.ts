import { beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TinyFaceDetector } from './tiny-face-detector.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/photos');
const read = (name: string) => readFile(path.join(fixtures, name));

describe('TinyFaceDetector on real photos (VAL-16)', () => {
  const detector = new TinyFaceDetector();
  beforeAll(async () => {
    await detector.warmUp(); // the model loads once per file (and per process)
  }, 60_000);

  it('VAL-16 finds exactly one face in a one-person selfie', async () => {
    expect(await detector.countFaces(await read('selfie-one-face.jpg'))).toBe(1);
  });

  it('VAL-16 finds no face where there is none (and none on a drawn ID card)', async () => {
    expect(await detector.countFaces(await read('selfie-no-face.jpg'))).toBe(0);
    expect(await detector.countFaces(await read('id-card-sharp.jpg'))).toBe(0);
  });

  it('VAL-16 finds two faces in a two-person photo', async () => {
    expect(await detector.countFaces(await read('selfie-two-faces.jpg'))).toBe(2);
  });

  it('VAL-16 minFaceShare ignores small faces (SELFIE_MODE=idInHand: the card portrait)', async () => {
    const photo = await read('selfie-two-faces.jpg');
    expect(await detector.countFaces(photo, { minFaceShare: 0.9 })).toBe(0);
  });

  it('counts faces on a phone-sized photo quickly once loaded', async () => {
    const photo = await read('selfie-one-face.jpg');
    const started = performance.now();
    const runs = 5;
    for (let i = 0; i < runs; i++) await detector.countFaces(photo);
    const perPhoto = (performance.now() - started) / runs;
    console.info(`face check: ${perPhoto.toFixed(0)} ms per photo (decode + resize + detect)`);
    expect(perPhoto).toBeLessThan(2000);
  });
});
