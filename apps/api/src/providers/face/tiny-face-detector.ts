import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { CountFacesOptions, FaceDetector, RgbImage } from './face-detector.ts';
import {
  decodeTinyFaceWeights,
  detectFaces,
  type TinyFaceWeights,
  type WeightSpec,
} from './tiny-face-network.ts';

const require = createRequire(import.meta.url);

/** Detector input size (multiple of 32): 416 finds faces down to ~1/10 of the frame; 320 misses some. */
export const FACE_INPUT_SIZE = 416;
/** Detection score needed to count a face (the library's default is 0.5). */
export const FACE_MIN_SCORE = 0.5;
/** Pixels are scaled to this longest side before detection (the network sees 416 anyway). */
const MAX_SIDE = 640;

let loading: Promise<TinyFaceWeights> | null = null;

/**
 * The Tiny Face Detector's weights as they ship inside the @vladmandic/face-api package
 * (model/tiny_face_detector_model.bin, 190 kB, and its manifest): nothing is fetched from the
 * network. Read once per process (per worker thread); the network itself is tiny-face-network.ts.
 */
function loadWeights(): Promise<TinyFaceWeights> {
  loading ??= (async () => {
    const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    const [manifest, bin] = await Promise.all([
      readFile(path.join(modelDir, 'tiny_face_detector_model-weights_manifest.json'), 'utf8'),
      readFile(path.join(modelDir, 'tiny_face_detector_model.bin')),
    ]);
    const specs = (JSON.parse(manifest) as { weights: WeightSpec[] }[]).flatMap((group) => group.weights);
    return decodeTinyFaceWeights(new Uint8Array(bin), specs);
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
 * face-api.js's Tiny Face Detector (a Tiny-YOLOv2 network trained on faces), computed in plain
 * TypeScript (tiny-face-network.ts) with the same weights and results as face-api on TensorFlow.js.
 * The same model runs in the browser (apps/web photo-capture, on TensorFlow.js), so both sides agree.
 */
export class TinyFaceDetector implements FaceDetector {
  readonly name = 'tiny-face-detector';

  /** Loads the weights now instead of on the first photo (start-up, or a test's beforeAll). */
  async warmUp(): Promise<void> {
    await loadWeights();
  }

  async countFaces(image: RgbImage | Buffer, options: CountFacesOptions = {}): Promise<number> {
    const weights = await loadWeights();
    const rgb = await toRgb(image);
    const faces = detectFaces(weights, rgb, { inputSize: FACE_INPUT_SIZE, scoreThreshold: FACE_MIN_SCORE });
    const minShare = options.minFaceShare ?? 0;
    return faces.filter((face) => face.width >= minShare).length;
  }
}
