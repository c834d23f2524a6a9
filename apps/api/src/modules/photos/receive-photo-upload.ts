import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { photoKindSchema, photoProblemCode, withFaceCount, type PhotoUploadResponse } from '@pisonow/domain';
import { photos, uploadGrants } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PhotoCheck } from './inspect-image.ts';
import type { PhotosContext } from './photos-context.ts';

/**
 * In SELFIE_MODE=idInHand the borrower holds the card next to their face: the card's own portrait
 * is a face too, but a small one. Faces narrower than this share of the photo do not count.
 */
export const ID_IN_HAND_MIN_FACE_SHARE = 0.12;

/**
 * PUT <uploadUrl>: the grant token is the credential. Order matters:
 * 1. the grant must exist, be unused and unexpired (nothing else is looked at otherwise);
 * 2. the image is re-validated and re-encoded (bad bytes: 4xx, the grant stays usable, nothing written);
 * 3. the quality checks run again (in the image worker, with step 2), and for a selfie the face
 *    count (VAL-16);
 * 4. an accepted photo is put in storage, then the grant is claimed and the row written in one
 *    transaction (a lost race for the grant deletes the object again);
 * 5. a photo that fails a check is recorded as rejected — its verdict, metrics and hash, not its
 *    pixels (data minimisation) — and the answer is 422 PHOTO_RETAKE or FACE_FAILED.
 */
export async function receivePhotoUpload(
  ctx: PhotosContext,
  input: { token: string; contentType: string; body: Buffer },
): Promise<PhotoUploadResponse> {
  const now = ctx.clock.now();
  const [grant] = await ctx.db
    .select()
    .from(uploadGrants)
    .where(eq(uploadGrants.tokenHash, sha256Hex(input.token)))
    .limit(1);
  if (!grant) throw new AppError('NOT_FOUND');
  if (grant.usedAt || grant.expiresAt.getTime() <= now.getTime()) throw new AppError('UPLOAD_GRANT_EXPIRED');
  if (input.body.length > grant.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
  const kind = photoKindSchema.parse(grant.kind);

  // the body is the image worker's from here on (PhotoInspector.inspect)
  const image = await ctx.images.inspect(input.body, input.contentType, kind);

  let check: PhotoCheck = image.check;
  if (image.kind === 'selfie') {
    const { width, height, data } = image.facePixels;
    const faces = await ctx.face.countFaces(
      // a view, not a copy: the face detector takes RGB bytes, and these move to its worker
      { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) },
      { minFaceShare: ctx.config.SELFIE_MODE === 'idInHand' ? ID_IN_HAND_MIN_FACE_SHARE : 0 },
    );
    check = withFaceCount(image.check, faces);
  }
  const rejection = photoProblemCode(check.problems);

  const photoId = randomUUID();
  const storageKey = rejection ? '' : `photos/${grant.customerId}/${photoId}.jpg`;
  if (!rejection) await ctx.storage.put(storageKey, image.jpeg, 'image/jpeg');
  try {
    await ctx.db.transaction(async (tx) => {
      const claimed = await tx
        .update(uploadGrants)
        .set({ usedAt: now })
        .where(
          and(eq(uploadGrants.id, grant.id), isNull(uploadGrants.usedAt), gt(uploadGrants.expiresAt, now)),
        )
        .returning({ id: uploadGrants.id });
      if (claimed.length !== 1) throw new AppError('UPLOAD_GRANT_EXPIRED'); // a concurrent upload won
      await tx.insert(photos).values({
        id: photoId,
        customerId: grant.customerId,
        kind,
        storageKey,
        mime: 'image/jpeg',
        width: image.width,
        height: image.height,
        bytes: image.jpeg.length,
        contentHash: sha256Hex(image.jpeg),
        status: rejection ? 'rejected' : 'accepted',
        rejectionCode: rejection,
        checks: {
          problems: check.problems,
          ...check.metrics,
          selfieMode: kind === 'selfie' ? ctx.config.SELFIE_MODE : undefined,
        },
        createdAt: now,
      });
    });
  } catch (error) {
    if (storageKey)
      await ctx.storage
        .delete(storageKey)
        .catch((e: unknown) => ctx.log.warn({ err: e, storageKey }, 'orphan photo object not deleted'));
    throw error;
  }
  if (rejection) {
    ctx.log.info({ photoId, kind, problems: check.problems }, 'photo rejected');
    throw new AppError(rejection);
  }
  return { photoId, kind, status: 'accepted', width: image.width, height: image.height };
}
