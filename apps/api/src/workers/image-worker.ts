/**
 * Runs inside a worker thread of the image pool (image-pool.ts), never in the main thread: image
 * decoding and re-encoding (sharp / libvips) and face counting (the tiny face detector, computed in
 * plain TypeScript: tiny-face-network.ts). Its weights load on the first face check in each worker
 * and leave with the worker when it idles out, so the server's memory goes back down when nobody
 * uploads.
 *
 * Errors cross the thread boundary as plain values: an expected refusal comes back as
 * `{ ok: false, code }` and the pool turns it into the same AppError the in-thread code threw.
 */
import sharp from 'sharp';
import type { ErrorCode } from '@pisonow/domain';
import { AppError } from '../lib/app-error.ts';
import { inspectImage, type InspectedImage } from '../modules/photos/inspect-image.ts';
import type { CountFacesOptions, RgbImage } from '../providers/face/face-detector.ts';
import type { TinyFaceDetector } from '../providers/face/tiny-face-detector.ts';

// libvips' operation cache keeps decoded images around for reuse; every photo here is new.
sharp.cache(false);

export type WorkerResult<T> = { ok: true; value: T } | { ok: false; code: ErrorCode };

async function settle<T>(work: () => Promise<T>): Promise<WorkerResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code };
    throw error;
  }
}

export function inspect(task: {
  body: Uint8Array;
  declaredType: string;
}): Promise<WorkerResult<InspectedImage>> {
  return settle(() =>
    inspectImage(
      Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength),
      task.declaredType,
    ),
  );
}

let detector: Promise<TinyFaceDetector> | null = null;
function faceDetector(): Promise<TinyFaceDetector> {
  // imported on first use: a worker that only re-encodes ID cards never loads the face model
  detector ??= import('../providers/face/tiny-face-detector.ts').then((m) => new m.TinyFaceDetector());
  return detector;
}

export async function countFaces(task: {
  image: RgbImage | Uint8Array;
  options?: CountFacesOptions;
}): Promise<WorkerResult<number>> {
  const d = await faceDetector();
  const image =
    task.image instanceof Uint8Array
      ? Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength)
      : task.image;
  return settle(() => d.countFaces(image, task.options));
}

export async function warmUp(): Promise<WorkerResult<null>> {
  await (await faceDetector()).warmUp();
  return { ok: true, value: null };
}
