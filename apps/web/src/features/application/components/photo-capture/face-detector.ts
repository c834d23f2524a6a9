/**
 * The in-browser face counter (VAL-16). This module is only ever imported dynamically by
 * PhotoCapture, so face-api.js + TensorFlow.js (~1.3 MB) land in their own chunk, fetched when the
 * photo step is on screen, never with the app shell. The model weights (Tiny Face Detector, 190 kB)
 * are the files shipped inside the @vladmandic/face-api package, emitted by Vite as this app's own
 * assets (`?url`): served by our origin, nothing fetched from a CDN.
 */
import * as faceapi from '@vladmandic/face-api';
// the 3-kB manifest is bundled as data (a data: URL fetch would break the CSP's connect-src 'self')
import manifest from '@vladmandic/face-api/model/tiny_face_detector_model-weights_manifest.json';
import weightsUrl from '@vladmandic/face-api/model/tiny_face_detector_model.bin?url';

/** Same settings as the server (apps/api/src/providers/face/tiny-face-detector.ts), so both agree. */
const INPUT_SIZE = 416;
const MIN_SCORE = 0.5;

let loading: Promise<void> | null = null;

function load(): Promise<void> {
  loading ??= (async () => {
    await (faceapi.tf as unknown as { ready(): Promise<void> }).ready();
    const response = await fetch(weightsUrl);
    if (!response.ok) throw new Error(`face model: HTTP ${response.status}`);
    const weights = await response.arrayBuffer();
    // The manifest names its .bin by its original file name; Vite hashed it, so decode by hand.
    const specs =
      (manifest as unknown as { weights: Parameters<typeof faceapi.tf.io.decodeWeights>[1] }[])[0]?.weights ??
      [];
    faceapi.nets.tinyFaceDetector.loadFromWeightMap(faceapi.tf.io.decodeWeights(weights, specs));
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Starts loading the model (call on mount, so it is ready by the time the photo is taken). */
export function preloadFaceModel(): Promise<void> {
  return load();
}

export async function countFaces(canvas: HTMLCanvasElement): Promise<number> {
  await load();
  const detections = await faceapi.detectAllFaces(
    canvas,
    new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_SCORE }),
  );
  return detections.length;
}
