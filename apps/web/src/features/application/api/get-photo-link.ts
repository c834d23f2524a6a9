import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhotoLinkResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

/** GET /api/photos/:photoId/link: a 5-minute link to one of my photos, usable as an <img src>. */
export function fetchPhotoLink(photoId: string, signal?: AbortSignal): Promise<PhotoLinkResponse> {
  return api.request(`/api/photos/${encodeURIComponent(photoId)}/link`, {
    auth: true,
    signal,
  });
}

/** Refreshed a minute before the link dies, so a preview left open keeps working. */
export const photoLinkQuery = (photoId: string) =>
  queryOptions({
    queryKey: ['photos', photoId, 'link'],
    queryFn: ({ signal }) => fetchPhotoLink(photoId, signal),
    staleTime: 4 * 60_000,
    refetchInterval: 4 * 60_000,
  });

export function usePhotoLink(photoId: string | undefined) {
  return useQuery({ ...photoLinkQuery(photoId ?? ''), enabled: Boolean(photoId) });
}
