import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { PhotoKind, UploadGrantResponse } from '@pisonow/domain';
import { api } from '../api/index.ts';

/** POST /api/photos/upload-grants: a short-lived, single-use upload link for one photo (BE-03). */
export function requestUploadGrant({
  kind,
  idempotencyKey,
}: {
  kind: PhotoKind;
  idempotencyKey?: string;
}): Promise<UploadGrantResponse> {
  return api.request('/api/photos/upload-grants', {
    method: 'POST',
    auth: true,
    body: { kind },
    idempotencyKey,
  });
}

export const requestUploadGrantMutation = () =>
  mutationOptions({ mutationKey: ['photos', 'upload-grant'], mutationFn: requestUploadGrant });

export function useRequestUploadGrant() {
  return useMutation(requestUploadGrantMutation());
}
