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
    return faceapi;
  })();
  loading.catch(() => {
    loading = null; // let a later call try again
  });
  return loading;
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
