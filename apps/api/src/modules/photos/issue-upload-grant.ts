import { randomUUID } from 'node:crypto';
import { PHOTO_UPLOAD_TYPES, type PhotoKind, type UploadGrantResponse } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import { uploadGrants } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { addMs, MS } from '../../lib/clock.ts';
import { newToken, sha256Hex } from '../../lib/crypto.ts';
import type { Config } from '../../config.ts';

export interface IssueUploadGrantDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'PHOTO_MAX_BYTES' | 'PHOTO_UPLOAD_GRANT_SECONDS'>;
}

/**
 * A short-lived, single-use permission to upload one photo of one kind (BE-03), like a presigned
 * URL but pointing at our own API: the browser never holds storage credentials, and every upload
 * passes the server's own checks before anything is stored. Only the token's hash is kept.
 */
export async function issueUploadGrant(deps: IssueUploadGrantDeps, input: { customerId: string; kind: PhotoKind }): Promise<UploadGrantResponse> {
  const now = deps.clock.now();
  const token = newToken();
  const grant = {
    id: randomUUID(),
    customerId: input.customerId,
    kind: input.kind,
    tokenHash: sha256Hex(token),
    maxBytes: deps.config.PHOTO_MAX_BYTES,
    createdAt: now,
    expiresAt: addMs(now, deps.config.PHOTO_UPLOAD_GRANT_SECONDS * MS.second),
  };
  await deps.db.insert(uploadGrants).values(grant);
  return {
    grantId: grant.id,
    uploadUrl: `/api/photos/uploads/${token}`,
    method: 'PUT',
    expiresAt: grant.expiresAt.toISOString(),
    maxBytes: grant.maxBytes,
    accept: [...PHOTO_UPLOAD_TYPES],
  };
}
