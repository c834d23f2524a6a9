import { eq } from 'drizzle-orm';
import { photos } from '../../db/schema/index.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PhotosContext } from './photos-context.ts';
import { verifyPhotoLink } from './photo-link-token.ts';

/**
 * GET /api/photos/files/:token: the bytes behind a photo link, proxied through the API so the
 * page's CSP (`img-src 'self'`) holds and the store stays private. A forged, expired or revoked
 * link is simply not found. `maxAgeSeconds` lets the browser cache it no longer than the link lives.
 */
export async function servePhotoFile(
  ctx: Pick<PhotosContext, 'db' | 'clock' | 'secretKey' | 'storage'>,
  input: { token: string },
): Promise<{ body: Buffer; contentType: string; maxAgeSeconds: number }> {
  const claims = verifyPhotoLink(ctx.secretKey, input.token);
  const nowSeconds = ctx.clock.now().getTime() / 1000;
  if (!claims || claims.exp <= nowSeconds) throw new AppError('NOT_FOUND');
  const [photo] = await ctx.db
    .select({ storageKey: photos.storageKey, mime: photos.mime })
    .from(photos)
    .where(ownedBy(photos, claims.customerId, eq(photos.id, claims.photoId), eq(photos.status, 'accepted')))
    .limit(1);
  if (!photo?.storageKey) throw new AppError('NOT_FOUND');
  const object = await ctx.storage.get(photo.storageKey);
  if (!object) throw new AppError('NOT_FOUND');
  return {
    body: object.body,
    contentType: photo.mime,
    maxAgeSeconds: Math.max(0, Math.floor(claims.exp - nowSeconds)),
  };
}
