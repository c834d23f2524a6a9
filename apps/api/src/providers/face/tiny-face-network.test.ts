import { beforeAll, describe, expect, it } from 'vitest';
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type * as FaceApiModule from '@vladmandic/face-api';
import {
  decodeTinyFaceWeights,
  detectFaces,
  type TinyFaceWeights,
  type WeightSpec,
} from './tiny-face-network.ts';

/**
 * The server's face check (issue 8) computes the Tiny Face Detector without TensorFlow.js. This
 * proves it computes the SAME thing: face-api itself, on TensorFlow.js's WebAssembly backend (kept
 * as a development dependency for this reference only), runs on every photo fixture and must find
 * the same faces with the same scores and boxes. A low score threshold makes it compare weak
 * detections too, so layer, padding or decoding mistakes cannot hide behind the 0.5 threshold.
 */
type FaceApi = typeof FaceApiModule;
const require = createRequire(import.meta.url);
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/photos');
const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
const OPTIONS = { inputSize: 416, scoreThreshold: 0.2 };

let faceapi: FaceApi;
let weights: TinyFaceWeights;

beforeAll(async () => {
  faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  require('@tensorflow/tfjs-backend-wasm');
  const tf = faceapi.tf as unknown as { setBackend(name: string): Promise<boolean>; ready(): Promise<void> };
  await tf.setBackend('wasm');
  await tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
  const manifest = JSON.parse(
    await readFile(path.join(modelDir, 'tiny_face_detector_model-weights_manifest.json'), 'utf8'),
  ) as { weights: WeightSpec[] }[];
  weights = decodeTinyFaceWeights(
    new Uint8Array(await readFile(path.join(modelDir, 'tiny_face_detector_model.bin'))),
    manifest.flatMap((g) => g.weights),
  );
}, 60_000);

async function pixels(file: string, maxSide = 640) {
  const { data, info } = await sharp(await readFile(path.join(fixtures, file)))
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

describe('VAL-16 the face network without TensorFlow.js equals face-api on TensorFlow.js', () => {
  it('VAL-16 same faces, scores and boxes on every photo fixture, portrait, landscape and square', async () => {
    const files = (await readdir(fixtures)).filter((f) => f.endsWith('.jpg'));
    expect(files.length).toBeGreaterThanOrEqual(7);
    let compared = 0;
    for (const file of files) {
      // as the server sees it (640 on the long side), and a small odd-sized copy (other padding)
      for (const rgb of [await pixels(file), await pixels(file, 301)]) {
        const ours = detectFaces(weights, rgb, OPTIONS);
        const tensor = faceapi.tf.tensor3d(rgb.data, [rgb.height, rgb.width, 3], 'int32');
        const reference = await faceapi.detectAllFaces(
          tensor as unknown as Parameters<FaceApi['detectAllFaces']>[0],
          new faceapi.TinyFaceDetectorOptions(OPTIONS),
        );
        tensor.dispose();
        expect(ours.length, `${file} ${rgb.width}×${rgb.height}`).toBe(reference.length);
        reference.forEach((ref, i) => {
          const face = ours[i]!;
          expect(face.score).toBeCloseTo(ref.score, 4);
          expect(face.x * rgb.width).toBeCloseTo(ref.box.x, 1);
          expect(face.y * rgb.height).toBeCloseTo(ref.box.y, 1);
          expect(face.width * rgb.width).toBeCloseTo(ref.box.width, 1);
          expect(face.height * rgb.height).toBeCloseTo(ref.box.height, 1);
          compared++;
        });
      }
    }
    // the fixtures hold faces (one, two) and weak detections: the comparison is not vacuous
    expect(compared).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('refuses a weights file that does not match its manifest', () => {
    const specs: WeightSpec[] = [
      { name: 'conv0/bias', shape: [4], quantization: { dtype: 'uint8', scale: 1, min: 0 } },
    ];
    expect(() => decodeTinyFaceWeights(new Uint8Array(5), specs)).toThrow(/5 bytes/);
    expect(() => decodeTinyFaceWeights(new Uint8Array(4), [{ name: 'x', shape: [4] }])).toThrow(/quantized/);
  });
});
