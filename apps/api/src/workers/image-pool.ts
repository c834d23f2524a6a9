import path from 'node:path';
import { Piscina } from 'piscina';
import type { PhotoKind } from '@pisonow/domain';
import { AppError } from '../lib/app-error.ts';
import type { InspectedPhoto } from '../modules/photos/inspect-image.ts';
import type { CountFacesOptions, FaceDetector, RgbImage } from '../providers/face/face-detector.ts';
import type { WorkerResult } from './image-worker.ts';

// From the sources the worker is image-worker.ts beside this module; in the production bundle
// (apps/api/build.ts) this module is part of dist/server.mjs and the worker is dist/image-worker.mjs.
const workerFile = path.join(
  import.meta.dirname,
  import.meta.filename.endsWith('.ts') ? 'image-worker.ts' : 'image-worker.mjs',
);

/**
 * Re-validates and re-encodes an uploaded photo (BE-03) and runs its kind's quality checks: see
 * inspectPhoto in modules/photos/inspect-image.ts.
 */
export interface PhotoInspector {
  /** may take the body's memory (see ImageWorkerPool): the caller does not read the body after */
  inspect(body: Buffer, declaredType: string, kind: PhotoKind): Promise<InspectedPhoto>;
}

/**
 * The memory behind a view, when the view is all of it: it can then move to a worker instead of
 * being copied, and leaves this thread at once. A slice of a larger buffer (Node's small-buffer
 * pool, a socket read) is copied as usual: moving it would take its neighbours along.
 */
function movable(view: Uint8Array): ArrayBuffer[] {
  const { buffer } = view;
  return buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === buffer.byteLength
    ? [buffer]
    : [];
}

export interface ImagePoolOptions {
  /** worker threads at most (each holds libvips and, after its first selfie, the face model) */
  maxThreads: number;
  /** an idle worker exits after this long, giving its memory back; the next photo starts one */
  idleTimeoutMs: number;
}

/**
 * The image and face work of photo uploads, off the main thread: a piscina pool of worker threads
 * (image-worker.ts). The main process never loads sharp or the face model, so its memory stays
 * that of a small API server; a worker starts on the first photo and loads the face model on the
 * first selfie. It implements both the FaceDetector and the PhotoInspector the upload use case needs.
 */
export class ImageWorkerPool implements FaceDetector, PhotoInspector {
  readonly name = 'tiny-face-detector (worker pool)';
  private readonly pool: Piscina;

  constructor(options: ImagePoolOptions) {
    this.pool = new Piscina({
      filename: workerFile,
      minThreads: 0,
      maxThreads: options.maxThreads,
      idleTimeout: options.idleTimeoutMs,
      // A small young generation per worker: the work is in native memory and large typed arrays,
      // not small JS objects. 2 MB instead of 8: the 40 s memory soak on PostgreSQL peaked at 205
      // and 208 MB against 209 and 213 (two interleaved rounds), with as many photos checked.
      resourceLimits: { maxYoungGenerationSizeMb: 2 },
    });
  }

  private async run<T>(name: string, task: object, transferList: ArrayBuffer[] = []): Promise<T> {
    const result = (await this.pool.run(task, { name, transferList })) as WorkerResult<T>;
    if (!result.ok) throw new AppError(result.code);
    return result.value;
  }

  // A photo's buffers move to the worker rather than being copied: the upload here, decoded
  // pixels in countFaces. A copy left in this thread outlives the worker's ~200 ms, so only a full
  // collection of this thread's heap frees it (~13 ms each under load; the photos' copies set off
  // most of them: bench/soak-memory.md). The caller's view is empty afterwards.
  async inspect(body: Buffer, declaredType: string, kind: PhotoKind): Promise<InspectedPhoto> {
    const photo = await this.run<InspectedPhoto>('inspect', { body, declaredType, kind }, movable(body));
    // structured clone hands back plain Uint8Arrays
    return { ...photo, jpeg: Buffer.from(photo.jpeg.buffer, photo.jpeg.byteOffset, photo.jpeg.byteLength) };
  }

  countFaces(image: RgbImage | Buffer, options?: CountFacesOptions): Promise<number> {
    // decoded pixels move (the use case's selfie pixels); encoded bytes are copied
    const transfer = image instanceof Uint8Array ? [] : movable(image.data);
    return this.run<number>('countFaces', { image, options }, transfer);
  }

  /** Starts a worker and loads the face model now (tests; a deploy that wants no first-selfie delay). */
  async warmUp(): Promise<void> {
    await this.run<null>('warmUp', {});
  }

  /** the heap and buffer memory of a worker thread (starting one if none is running): tests, diagnostics */
  workerMemory(): Promise<{ heapUsedMb: number; externalMb: number; arrayBuffersMb: number }> {
    return this.run('memory', {});
  }

  /** worker threads alive right now */
  get threads(): number {
    return this.pool.threads.length;
  }

  /** waits for queued work, then stops the workers */
  close(): Promise<void> {
    return this.pool.close();
  }
}
