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
  tinyFaceNetwork,
  workAreaBytes,
  type Map3,
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

/**
 * The network as it was computed before it streamed rows (issue 8, memory): layer by layer, each
 * layer's whole output in a fresh array, the depthwise part as a whole-map temporary. Kept as the
 * reference the streamed network must equal bit for bit: every output element is summed in the
 * same order (matrix sums in double precision from the bias up, rounded to float32 once; depthwise
 * sums rounded to float32 after each term, rows then columns then channels of the 3 × 3 window).
 */
const MEAN_RGB = [117.001, 114.697, 97.404] as const;
const LEAKY_ALPHA = Math.fround(0.1);

function referenceInput(rgb: { width: number; height: number; data: Uint8Array }, size: number): Map3 {
  const side = Math.max(rgb.width, rgb.height);
  const scale = side / size;
  const out = new Float32Array(size * size * 3);
  const pixel = (y: number, x: number, c: number) =>
    y < rgb.height && x < rgb.width ? rgb.data[(y * rgb.width + x) * 3 + c]! : 0;
  for (let y = 0; y < size; y++) {
    const y0 = Math.floor(y * scale);
    const y1 = Math.min(y0 + 1, side - 1);
    const dy = y * scale - y0;
    for (let x = 0; x < size; x++) {
      const x0 = Math.floor(x * scale);
      const x1 = Math.min(x0 + 1, side - 1);
      const dx = x * scale - x0;
      for (let c = 0; c < 3; c++) {
        const a = pixel(y0, x0, c);
        const top = a + (pixel(y0, x1, c) - a) * dx;
        const b = pixel(y1, x0, c);
        const bottom = b + (pixel(y1, x1, c) - b) * dx;
        out[(y * size + x) * 3 + c] =
          Math.fround(Math.fround(top + (bottom - top) * dy) - MEAN_RGB[c]!) / 255;
      }
    }
  }
  return { height: size, width: size, channels: 3, data: out };
}

/** rows × k by k × n, plus bias, then leaky ReLU if `activate`: one double-precision sum per element */
function referenceMatmul(
  a: Float32Array,
  rows: number,
  k: number,
  w: Float32Array,
  bias: Float32Array,
  activate: boolean,
) {
  const n = bias.length;
  const out = new Float32Array(rows * n);
  const sums = new Float64Array(n);
  for (let r = 0; r < rows; r++) {
    sums.set(bias);
    for (let i = 0; i < k; i++) {
      const x = a[r * k + i]!;
      for (let c = 0; c < n; c++) sums[c]! += x * w[i * n + c]!;
    }
    for (let c = 0; c < n; c++) out[r * n + c] = activate && sums[c]! < 0 ? sums[c]! * LEAKY_ALPHA : sums[c]!;
  }
  return out;
}

function referenceConv0(input: Map3, filters: Float32Array, bias: Float32Array): Map3 {
  const { width: w, channels: cin } = input;
  const height = input.height - 2;
  const width = w - 2;
  const k = 9 * cin;
  const patches = new Float32Array(height * width * k);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let ky = 0; ky < 3; ky++)
        for (let j = 0; j < 3 * cin; j++)
          patches[(y * width + x) * k + ky * 3 * cin + j] = input.data[((y + ky) * w + x) * cin + j]!;
  const data = referenceMatmul(patches, height * width, k, filters, bias, true);
  return { height, width, channels: bias.length, data };
}

function referencePool(input: Map3, stride: 1 | 2): Map3 {
  const { height: h, width: w, channels: c, data } = input;
  const height = Math.ceil(h / stride);
  const width = Math.ceil(w / stride);
  const out = new Float32Array(height * width * c);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let ch = 0; ch < c; ch++) {
        const iy = y * stride;
        const ix = x * stride;
        const at = (yy: number, xx: number) =>
          data[(Math.min(yy, h - 1) * w + Math.min(xx, w - 1)) * c + ch]!;
        const top = Math.max(at(iy, ix), at(iy, ix + 1));
        const bottom = Math.max(at(iy + 1, ix), at(iy + 1, ix + 1));
        out[(y * width + x) * c + ch] = top > bottom ? top : bottom;
      }
  return { height, width, channels: c, data: out };
}

function referenceSeparable(input: Map3, layer: TinyFaceWeights['separable'][number]): Map3 {
  const { height: h, width: w, channels: cin } = input;
  const depth = new Float32Array(h * w * cin);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let ky = 0; ky < 3; ky++)
        for (let kx = 0; kx < 3; kx++) {
          const iy = y + ky - 1;
          const ix = x + kx - 1;
          if (iy < 0 || iy >= h || ix < 0 || ix >= w) continue;
          for (let ci = 0; ci < cin; ci++)
            depth[(y * w + x) * cin + ci]! +=
              input.data[(iy * w + ix) * cin + ci]! * layer.depthwise[(ky * 3 + kx) * cin + ci]!;
        }
  const data = referenceMatmul(depth, h * w, cin, layer.pointwise, layer.bias, true);
  return { height: h, width: w, channels: layer.bias.length, data };
}

function referenceNetwork(rgb: { width: number; height: number; data: Uint8Array }, size: number): Map3 {
  let map = referencePool(
    referenceConv0(referenceInput(rgb, size), weights.conv0.filters, weights.conv0.bias),
    2,
  );
  weights.separable.forEach((layer, i) => {
    map = referencePool(referenceSeparable(map, layer), i < 4 ? 2 : 1);
  });
  const { filters, bias } = weights.conv8;
  const data = referenceMatmul(map.data, map.height * map.width, map.channels, filters, bias, false);
  return { height: map.height, width: map.width, channels: bias.length, data };
}

describe('the face network streams rows (issue 8, memory)', () => {
  it('its raw output is bit for bit the layer-by-layer one, on every photo fixture', async () => {
    const files = (await readdir(fixtures)).filter((f) => f.endsWith('.jpg'));
    for (const file of files) {
      for (const rgb of [await pixels(file), await pixels(file, 301)]) {
        const expected = referenceNetwork(rgb, OPTIONS.inputSize);
        const out = tinyFaceNetwork(weights, rgb, OPTIONS.inputSize);
        expect([out.height, out.width, out.channels]).toEqual([13, 13, 25]);
        expect([expected.height, expected.width, expected.channels]).toEqual([13, 13, 25]);
        // the float32 bit patterns, so that -0, NaN and one-ulp differences all count
        const bits = (m: Map3) => Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength);
        expect(bits(out).equals(bits(expected)), `${file} ${rgb.width}×${rgb.height}`).toBe(true);
      }
    }
    // another input size: 320 → 318 → 159 → 80 → 40 → 20 → 10 → 10 (other odd sizes, other pads)
    const rgb = await pixels('selfie-two-faces.jpg');
    const expected = referenceNetwork(rgb, 320);
    const out = tinyFaceNetwork(weights, rgb, 320);
    expect([out.height, out.width, out.channels]).toEqual([10, 10, 25]);
    expect(Buffer.from(out.data.buffer, out.data.byteOffset, out.data.byteLength)).toEqual(
      Buffer.from(expected.data.buffer),
    );
  }, 120_000);

  it('keeps no full-resolution layer between photos: under 1.5 MB of work areas at 416', async () => {
    const rgb = await pixels('selfie-one-face.jpg');
    tinyFaceNetwork(weights, rgb, 416);
    // layer by layer they held 16.5 MB: the first layer's 414 × 414 × 16 output alone was 11 MB; with
    // only the pre-pool maps streamed, the whole pooled maps between layers held 4.3 MB
    expect(workAreaBytes()).toBeLessThan(1_500_000);
  });
});
