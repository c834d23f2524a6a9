import { randomUUID } from 'node:crypto';
import { PHOTO_UPLOAD_TYPES, type PhotoKind, type UploadGrantResponse } from '@pisonow/domain';
import { uploadGrants } from '../../db/schema/index.ts';
import { addMs, MS } from '../../lib/clock.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import type { PhotosContext } from './photos-context.ts';

/**
 * A short-lived, single-use permission to upload one photo of one kind (BE-03), like a presigned
 * URL but pointing at our own API: the browser never holds storage credentials, and every upload
 * passes the server's own checks before anything is stored. Only the token's hash is kept.
 */
export async function issueUploadGrant(
  ctx: Pick<PhotosContext, 'db' | 'clock' | 'config'>,
  input: { customerId: string; kind: PhotoKind },
): Promise<UploadGrantResponse> {
  const now = ctx.clock.now();
  const token = newToken();
  const grant = {
    id: randomUUID(),
    customerId: input.customerId,
    kind: input.kind,
    tokenHash: sha256Hex(token),
    maxBytes: ctx.config.PHOTO_MAX_BYTES,
    createdAt: now,
    expiresAt: addMs(now, ctx.config.PHOTO_UPLOAD_GRANT_SECONDS * MS.second),
  };
  await ctx.db.insert(uploadGrants).values(grant);
  return {
    grantId: grant.id,
    uploadUrl: `/api/photos/uploads/${token}`,
    method: 'PUT',
    expiresAt: grant.expiresAt.toISOString(),
    maxBytes: grant.maxBytes,
    accept: [...PHOTO_UPLOAD_TYPES],
  };
}
