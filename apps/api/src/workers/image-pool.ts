import path from 'node:path';
import { Piscina } from 'piscina';
import { AppError } from '../lib/app-error.ts';
import type { InspectedImage } from '../modules/photos/inspect-image.ts';
import type { CountFacesOptions, FaceDetector, RgbImage } from '../providers/face/face-detector.ts';
import type { WorkerResult } from './image-worker.ts';

// From the sources the worker is image-worker.ts beside this module; in the production bundle
// (apps/api/build.ts) this module is part of dist/server.mjs and the worker is dist/image-worker.mjs.
const workerFile = path.join(
  import.meta.dirname,
  import.meta.filename.endsWith('.ts') ? 'image-worker.ts' : 'image-worker.mjs',
);

/** Re-validates and re-encodes an uploaded photo (BE-03): see modules/photos/inspect-image.ts. */
export interface PhotoInspector {
  inspect(body: Buffer, declaredType: string): Promise<InspectedImage>;
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

  private async run<T>(name: string, task: object): Promise<T> {
    const result = (await this.pool.run(task, { name })) as WorkerResult<T>;
    if (!result.ok) throw new AppError(result.code);
    return result.value;
  }

  async inspect(body: Buffer, declaredType: string): Promise<InspectedImage> {
    const image = await this.run<InspectedImage>('inspect', { body, declaredType });
    // structured clone hands back plain Uint8Arrays
    return { ...image, jpeg: Buffer.from(image.jpeg.buffer, image.jpeg.byteOffset, image.jpeg.byteLength) };
  }

  countFaces(image: RgbImage | Buffer, options?: CountFacesOptions): Promise<number> {
    return this.run<number>('countFaces', { image, options });
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
