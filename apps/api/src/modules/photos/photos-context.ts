import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { baseContext, type BaseContext } from '../../lib/base-context.ts';
import type { FaceDetector } from '../../providers/face/face-detector.ts';
import type { ObjectStorage } from '../../providers/storage/object-storage.ts';
import type { PhotoInspector } from '../../workers/image-pool.ts';

/**
 * What the photo use cases need, built once by the photos plugin (`photosContext(app)`).
 *
 * A use case is an exported `verbNoun(ctx: PhotosContext, input)`: issueUploadGrant,
 * receivePhotoUpload, createPhotoLink, servePhotoFile. Not use cases, and so left in their own
 * shape: the link-token signing of photo-link-token.ts and the image checks of inspect-image.ts
 * (pure, or pure over the bytes they are given).
 */
export interface PhotosContext extends BaseContext {
  /** signs the short-lived photo links */
  secretKey: Buffer;
  /** private photo storage */
  storage: ObjectStorage;
  /** face counting for selfies */
  face: FaceDetector;
  /** decoding, re-validation and re-encoding of uploads */
  images: PhotoInspector;
  config: Pick<
    Config,
    'PHOTO_MAX_BYTES' | 'PHOTO_UPLOAD_GRANT_SECONDS' | 'PHOTO_LINK_SECONDS' | 'SELFIE_MODE'
  >;
}

export function photosContext(app: FastifyInstance): PhotosContext {
  return {
    ...baseContext(app),
    secretKey: app.secretKey,
    storage: app.providers.storage,
    face: app.providers.face,
    images: app.providers.images,
    config: app.config,
  };
}
