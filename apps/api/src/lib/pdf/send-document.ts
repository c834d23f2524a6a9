import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Locale } from '@pisonow/domain';

/** `?format=html|pdf` on every document endpoint (BE-12); HTML when absent. */
export const documentFormatQuery = z.object({
  format: z.enum(['html', 'pdf'], { error: 'VALIDATION_FAILED' }).default('html'),
});

/**
 * Sends one of our HTML documents as it is, or printed to PDF as a download. Documents are
 * personal: never cached on the way.
 */
export async function sendDocument(
  reply: FastifyReply,
  html: string,
  options: { format: 'html' | 'pdf'; filename: string; footer: string; locale: Locale; sha256?: string },
) {
  reply.header('cache-control', 'private, no-store');
  if (options.sha256) reply.header('x-content-sha256', options.sha256);
  if (options.format === 'html') return reply.type('text/html; charset=utf-8').send(html);
  // loaded on the first PDF: the PDF writer and font parser are ~25 MB the server need not hold
  const { renderDocumentPdf } = await import('./render-pdf.ts');
  const pdf = await renderDocumentPdf(html, { footer: options.footer, language: options.locale });
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${options.filename}.pdf"`)
    .send(Buffer.from(pdf));
}
