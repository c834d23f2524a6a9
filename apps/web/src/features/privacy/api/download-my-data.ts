import { downloadFile } from '../../../lib/api/download-file.ts';

/** GET /api/me/data (BE-12): everything held about me, as JSON or as a readable PDF. */
export function downloadMyData(format: 'json' | 'pdf', today: string): Promise<void> {
  return downloadFile(`/api/me/data?format=${format}`, `my-data-${today}.${format}`);
}
