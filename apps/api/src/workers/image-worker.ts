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
import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';
import type { ErrorCode, PhotoKind } from '@pisonow/domain';
import { AppError } from '../lib/app-error.ts';
import { inspectPhoto, type InspectedPhoto } from '../modules/photos/inspect-image.ts';
import type { CountFacesOptions, RgbImage } from '../providers/face/face-detector.ts';
import type { TinyFaceDetector } from '../providers/face/tiny-face-detector.ts';

// libvips' operation cache keeps decoded images around for reuse; every photo here is new.
sharp.cache(false);

export type WorkerResult<T> = { ok: true; value: T } | { ok: false; code: ErrorCode };

// A finished photo leaves its buffers behind in this thread: the upload, sharp's output, the
// decoded pixels (~1.3 MB for an ID card, more with a selfie's face check). They live outside
// V8's heap, and V8 collects them only with the JavaScript objects that hold them, which it does
// on its own only after ~64 MB of such memory has piled up: this thread allocates few JavaScript
// objects of its own. So the worker collects after each task, once the result is on its
// way: a full collection of its ~10 MB heap, ~10-15 ms of this thread's time a photo (~7% of a
// photo's ~200 ms). Measured on the PostgreSQL soak with photos (bench/soak-memory.md, 2026-11-27):
// max RSS 232-254 -> 215-227 MB. (A minor collection alone costs nothing measurable but leaves the
// buffers that outlived one in the heap: half the gain.)
// `gc` is taken from a context made while the flag is set, which is then unset again (unless the
// process was started with it, in which case this thread has its own `gc` already).
const collectGarbage: () => void =
  (globalThis.gc as (() => void) | undefined) ??
  (() => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    v8.setFlagsFromString('--no-expose-gc');
    return gc;
  })();
let collection: NodeJS.Immediate | null = null;

async function settle<T>(work: () => Promise<T>): Promise<WorkerResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code };
    throw error;
  } finally {
    // after the pool has sent the result (it does so as soon as this promise settles)
    collection ??= setImmediate(() => {
      collection = null;
      collectGarbage();
    });
  }
}

export function inspect(task: {
  body: Uint8Array;
  declaredType: string;
  kind: PhotoKind;
}): Promise<WorkerResult<InspectedPhoto>> {
  return settle(() =>
    inspectPhoto(
      Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength),
      task.declaredType,
      task.kind,
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

/** this thread's memory outside the process-wide figures (tests, diagnostics) */
export function memory(): WorkerResult<{ heapUsedMb: number; externalMb: number; arrayBuffersMb: number }> {
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return {
    ok: true,
    value: { heapUsedMb: mb(heapUsed), externalMb: mb(external), arrayBuffersMb: mb(arrayBuffers) },
  };
}
