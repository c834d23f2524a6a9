import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { PhotoUploadResponse } from '@pisonow/domain';
import { ApiError, toApiError } from '../api/index.ts';
import { currentLocale } from '../i18n/index.ts';
import { uploadShare } from './upload-progress.ts';

/**
 * PUT <uploadUrl>: the photo's bytes, raw. The grant token in the URL is the only credential (no
 * bearer token, no storage keys: BE-03), so this does not go through the JSON client; errors come
 * back as the same ApiError. XMLHttpRequest, not fetch: its upload progress events are what every
 * phone browser supports (a fetch with a streamed body is not available on iOS Safari), so the
 * borrower sees the upload move (clarity item 5).
 */
export function uploadPhoto({
  uploadUrl,
  blob,
  onProgress,
}: {
  uploadUrl: string;
  blob: Blob;
  /** called with 0 … 1 as the bytes leave the phone */
  onProgress?: (share: number) => void;
}): Promise<PhotoUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadUrl);
    xhr.setRequestHeader('Content-Type', blob.type || 'image/jpeg');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLocale());
    xhr.responseType = 'text';
    if (onProgress) {
      onProgress(0);
      xhr.upload.addEventListener('progress', (event) =>
        onProgress(uploadShare(event.loaded, event.lengthComputable ? event.total : blob.size)),
      );
    }
    xhr.addEventListener('error', () => reject(new ApiError({ code: 'NETWORK', status: 0 })));
    xhr.addEventListener('abort', () => reject(new ApiError({ code: 'NETWORK', status: 0 })));
    xhr.addEventListener('timeout', () => reject(new ApiError({ code: 'NETWORK', status: 0 })));
    xhr.addEventListener('load', () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toApiError(xhr.status, data, xhr.getResponseHeader('Retry-After')));
        return;
      }
      onProgress?.(1);
      resolve(data as PhotoUploadResponse);
    });
    xhr.send(blob);
  });
}

export const uploadPhotoMutation = () =>
  mutationOptions({ mutationKey: ['photos', 'upload'], mutationFn: uploadPhoto });

export function useUploadPhoto() {
  return useMutation(uploadPhotoMutation());
}
