import { eq } from 'drizzle-orm';
import type { PhotoLinkResponse } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import { photos } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Config } from '../../config.ts';
import { signPhotoLink } from './photo-link-token.ts';

export interface CreatePhotoLinkDeps {
  db: Db;
  clock: Clock;
  secretKey: Buffer;
  config: Pick<Config, 'PHOTO_LINK_SECONDS'>;
}

/**
 * GET /api/photos/:photoId/link: a short-lived link to one of my accepted photos. Ownership is in
 * the query: another borrower's photo id is simply not found.
 */
export async function createPhotoLink(deps: CreatePhotoLinkDeps, input: { customerId: string; photoId: string }): Promise<PhotoLinkResponse> {
  const [photo] = await deps.db
    .select({ id: photos.id })
    .from(photos)
    .where(ownedBy(photos, input.customerId, eq(photos.id, input.photoId), eq(photos.status, 'accepted')))
    .limit(1);
  if (!photo) throw new AppError('NOT_FOUND');
  const exp = Math.floor(deps.clock.now().getTime() / 1000) + deps.config.PHOTO_LINK_SECONDS;
  const token = signPhotoLink(deps.secretKey, { photoId: photo.id, customerId: input.customerId, exp });
  return { url: `/api/photos/files/${token}`, expiresAt: new Date(exp * 1000).toISOString() };
}
