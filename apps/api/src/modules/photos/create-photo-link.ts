import { eq } from 'drizzle-orm';
import type { PhotoLinkResponse } from '@pisonow/domain';
import { photos } from '../../db/schema/index.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PhotosContext } from './photos-context.ts';
import { signPhotoLink } from './photo-link-token.ts';

/**
 * GET /api/photos/:photoId/link: a short-lived link to one of my accepted photos. Ownership is in
 * the query: another borrower's photo id is simply not found.
 */
export async function createPhotoLink(
  ctx: Pick<PhotosContext, 'db' | 'clock' | 'secretKey' | 'config'>,
  input: { customerId: string; photoId: string },
): Promise<PhotoLinkResponse> {
  const [photo] = await ctx.db
    .select({ id: photos.id })
    .from(photos)
    .where(ownedBy(photos, input.customerId, eq(photos.id, input.photoId), eq(photos.status, 'accepted')))
    .limit(1);
  if (!photo) throw new AppError('NOT_FOUND');
  const exp = Math.floor(ctx.clock.now().getTime() / 1000) + ctx.config.PHOTO_LINK_SECONDS;
  const token = signPhotoLink(ctx.secretKey, { photoId: photo.id, customerId: input.customerId, exp });
  return { url: `/api/photos/files/${token}`, expiresAt: new Date(exp * 1000).toISOString() };
}
