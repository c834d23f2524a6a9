import { currentLocale } from '../i18n/index.ts';
import { coCoreStore } from '../store/index.ts';
import { ApiError, toApiError } from './client.ts';

/**
 * GET a server-generated HTML document with the session (bearer auth, so no plain link). The
 * shared client speaks JSON only, so this reads text itself with the same headers; failures still
 * become ApiErrors with stable codes (ER-02). Moved here from features/lending (issue 7): the
 * signed documents are shown on the lending and the servicing pages.
 */
export async function fetchHtml(path: string, signal?: AbortSignal): Promise<string> {
  const token = coCoreStore.getState().publicData.token;
  let response: Response;
  try {
    response = await fetch(path, {
      headers: {
        Accept: 'text/html',
        'Accept-Language': currentLocale(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ code: 'NETWORK', status: 0 });
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    throw toApiError(response.status, body, response.headers.get('Retry-After'));
  }
  return text;
}
