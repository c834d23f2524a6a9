import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type * as FaceApiModule from '@vladmandic/face-api';
import type * as TfCore from '@tensorflow/tfjs-core';
import type { CountFacesOptions, FaceDetector, RgbImage } from './face-detector.ts';

type FaceApi = typeof FaceApiModule;

const require = createRequire(import.meta.url);

/** Detector input size (multiple of 32): 416 finds faces down to ~1/10 of the frame; 320 misses some. */
export const FACE_INPUT_SIZE = 416;
/** Detection score needed to count a face (the library's default is 0.5). */
export const FACE_MIN_SCORE = 0.5;
/** Pixels are scaled to this longest side before detection (the network sees 416 anyway). */
const MAX_SIDE = 640;

let loading: Promise<FaceApi> | null = null;

/**
 * Loads TensorFlow.js on its WebAssembly backend and the Tiny Face Detector weights that ship inside
 * the @vladmandic/face-api package (model/tiny_face_detector_model.bin, 190 kB): nothing is fetched
 * from the network. Once per process; every app built in the same process shares it.
 *
 * Why WASM: `@tensorflow/tfjs-node` would download libtensorflow at install (not allowed here); the
 * pure-JS CPU backend works but is 5–10× slower (≈500 ms vs ≈60 ms a photo, measured).
 */
function loadFaceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    // registers the 'wasm' backend; its .wasm files are read from the package's own dist folder
    require('@tensorflow/tfjs-backend-wasm');
    const tf = faceapi.tf as unknown as typeof TfCore;
    await tf.setBackend('wasm');
    await tf.ready();
    const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
    useLeanForwardPass(faceapi);
    return faceapi;
  })();
  loading.catch(() => {
    loading = null; // let a later call try again
  });
  return loading;
}

/** The tiny face detector's weights as face-api holds them after loading. */
interface SeparableConv {
  depthwise_filter: TfCore.Tensor4D;
  pointwise_filter: TfCore.Tensor4D;
  bias: TfCore.Tensor1D;
}
interface DetectorParams {
  conv0: { filters: TfCore.Tensor4D; bias: TfCore.Tensor1D };
  conv1: SeparableConv;
  conv2: SeparableConv;
  conv3: SeparableConv;
  conv4: SeparableConv;
  conv5: SeparableConv;
  conv6?: SeparableConv;
  conv7?: SeparableConv;
  conv8: { filters: TfCore.Tensor4D; bias: TfCore.Tensor1D };
}
/** face-api's leaky ReLU slope (its `leaky`: relu(x - 0.1x) + 0.1x) */
const LEAKY_ALPHA = 0.10000000149011612;

/**
 * The same network as face-api's TinyFaceDetector.runMobilenet (same weights, layers and order),
 * computed so that only one layer's tensors are alive at a time. face-api runs the whole pass in
 * one tf.tidy and builds each leaky ReLU from four full-size tensors, so at 416×416 the first layer
 * alone held ~55 MB and every layer's output stayed until the end: the WASM heap grew to 118 MB on
 * the first selfie and a WebAssembly memory never shrinks. Here each convolution is one fused op
 * (bias and leaky ReLU inside the kernel) and each input is released as soon as it is consumed:
 * the heap stops at 58 MB. On the photo fixtures the detections are the same and the scores agree
 * with face-api's to 6 decimals (float rounding).
 */
function useLeanForwardPass(faceapi: FaceApi): void {
  const tf = faceapi.tf as unknown as typeof TfCore;
  const net = faceapi.nets.tinyFaceDetector as unknown as {
    runMobilenet(x: TfCore.Tensor4D, params: DetectorParams): TfCore.Tensor4D;
  };
  const step = (input: TfCore.Tensor4D, owned: boolean, next: (x: TfCore.Tensor4D) => TfCore.Tensor4D) => {
    const out = next(input);
    if (owned) input.dispose();
    return out;
  };
  const separable = (x: TfCore.Tensor4D, p: SeparableConv) =>
    tf.tidy(() =>
      tf.fused.conv2d({
        x: tf.depthwiseConv2d(x, p.depthwise_filter, 1, 'same'),
        filter: p.pointwise_filter,
        strides: 1,
        pad: 'valid',
        bias: p.bias,
        activation: 'leakyrelu',
        leakyreluAlpha: LEAKY_ALPHA,
      }),
    );
  const pool = (x: TfCore.Tensor4D, stride: 1 | 2) => tf.maxPool(x, [2, 2], stride, 'same');
  net.runMobilenet = (x, params) => {
    // first layer: a plain 3×3 convolution without padding, then leaky ReLU
    let out = step(x, false, (t) =>
      tf.fused.conv2d({
        x: t,
        filter: params.conv0.filters,
        strides: 1,
        pad: 'valid',
        bias: params.conv0.bias,
        activation: 'leakyrelu',
        leakyreluAlpha: LEAKY_ALPHA,
      }),
    );
    out = step(out, true, (t) => pool(t, 2));
    for (const layer of [params.conv1, params.conv2, params.conv3, params.conv4] as const) {
      out = step(out, true, (t) => separable(t, layer));
      out = step(out, true, (t) => pool(t, 2));
    }
    out = step(out, true, (t) => separable(t, params.conv5));
    out = step(out, true, (t) => pool(t, 1));
    if (params.conv6) out = step(out, true, (t) => separable(t, params.conv6!));
    if (params.conv7) out = step(out, true, (t) => separable(t, params.conv7!));
    return step(out, true, (t) => tf.add(tf.conv2d(t, params.conv8.filters, 1, 'valid'), params.conv8.bias));
  };
}

async function toRgb(image: RgbImage | Buffer): Promise<RgbImage> {
  const pipeline = Buffer.isBuffer(image)
    ? sharp(image, { failOn: 'error' }).rotate()
    : sharp(image.data, {
        raw: {
          width: image.width,
          height: image.height,
          channels: (image.data.length / (image.width * image.height)) as 3 | 4,
        },
      });
  const { data, info } = await pipeline
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/**
 * face-api.js's Tiny Face Detector (a Tiny-YOLOv2 network trained on faces) through TensorFlow.js.
 * The same model runs in the browser (apps/web photo-capture), so both sides agree.
 */
export class TinyFaceDetector implements FaceDetector {
  readonly name = 'tiny-face-detector';

  /** Loads the model now instead of on the first photo (start-up, or a test's beforeAll). */
  async warmUp(): Promise<void> {
    await loadFaceApi();
  }

  async countFaces(image: RgbImage | Buffer, options: CountFacesOptions = {}): Promise<number> {
    const faceapi = await loadFaceApi();
    const rgb = await toRgb(image);
    const tensor = faceapi.tf.tensor3d(rgb.data, [rgb.height, rgb.width, 3], 'int32');
    try {
      const detections = await faceapi.detectAllFaces(
        tensor as unknown as Parameters<FaceApi['detectAllFaces']>[0],
        new faceapi.TinyFaceDetectorOptions({ inputSize: FACE_INPUT_SIZE, scoreThreshold: FACE_MIN_SCORE }),
      );
      const minWidth = (options.minFaceShare ?? 0) * rgb.width;
      return detections.filter((d) => d.box.width >= minWidth).length;
    } finally {
      tensor.dispose();
    }
  }
}
