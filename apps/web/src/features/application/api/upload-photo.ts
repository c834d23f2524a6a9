import { mutationOptions, useMutation } from '@tanstack/react-query';
import { photoUploadResponse, type PhotoUploadResponse } from '@pisonow/domain';
import { ApiError, toApiError } from '../../../lib/api/index.ts';
import { currentLocale } from '../../../lib/i18n/index.ts';

/**
 * PUT <uploadUrl>: the photo's bytes, raw. The grant token in the URL is the only credential (no
 * bearer token, no storage keys: BE-03), so this goes straight to fetch rather than through the
 * JSON client; errors come back as the same ApiError.
 */
export async function uploadPhoto({ uploadUrl, blob }: { uploadUrl: string; blob: Blob }): Promise<PhotoUploadResponse> {
  let response: Response;
  try {
    response = await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Type': blob.type || 'image/jpeg', Accept: 'application/json', 'Accept-Language': currentLocale() }, body: blob });
  } catch {
    throw new ApiError({ code: 'NETWORK', status: 0 });
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, data, response.headers.get('Retry-After'));
  try {
    return photoUploadResponse.parse(data);
  } catch {
    throw new ApiError({ code: 'INTERNAL', status: response.status });
  }
}

export const uploadPhotoMutation = () => mutationOptions({ mutationKey: ['photos', 'upload'], mutationFn: uploadPhoto });

export function useUploadPhoto() {
  return useMutation(uploadPhotoMutation());
}
