import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseWebVtt, type Cue } from '../model/webvtt.ts';

/**
 * The captions file of one language, read as the transcript under the video. A static file (our
 * origin or the configured CDN), so plain fetch rather than the API client; cached for the session.
 */
export async function fetchTranscript(url: string, signal?: AbortSignal): Promise<Cue[]> {
  const res = await fetch(url, { signal, headers: { accept: 'text/vtt' } });
  if (!res.ok) throw new Error(`captions ${res.status}`);
  return parseWebVtt(await res.text());
}

export const transcriptQuery = (url: string | null) =>
  queryOptions({
    queryKey: ['tutorial', 'transcript', url],
    queryFn: ({ signal }) => fetchTranscript(url!, signal),
    enabled: !!url,
    staleTime: Infinity,
  });

export function useTranscript(url: string | null) {
  return useQuery(transcriptQuery(url));
}
