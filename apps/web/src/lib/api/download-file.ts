import { currentLocale } from '../i18n/index.ts';
import { coCoreStore } from '../store/index.ts';
import { ApiError, toApiError } from './client.ts';

/**
 * Downloads a file the server makes for the signed-in borrower (a PDF of a loan document, BE-12).
 * Bearer auth means no plain link, so the file is fetched with the session and handed to the
 * browser as a download; on an iPhone Safari opens it in its PDF viewer, with Share to save it.
 * Failures become ApiErrors with stable codes (ER-02), like every other call.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const token = coCoreStore.getState().publicData.token;
  let response: Response;
  try {
    response = await fetch(path, {
      headers: {
        Accept: 'application/pdf',
        'Accept-Language': currentLocale(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new ApiError({ code: 'NETWORK', status: 0 });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toApiError(response.status, body, response.headers.get('Retry-After'));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file by the next minute; the object URL is only memory after that
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
