import { z } from 'zod';

/**
 * The photos a borrower uploads: the application's ID card and selfie (BE-03; or ID-in-hand,
 * SELFIE_MODE), and the receipt of a payment they dispute (BE-10).
 */
export const photoKindSchema = z.enum(['idCard', 'selfie', 'paymentReceipt']);
export type PhotoKind = z.infer<typeof photoKindSchema>;

/** What the browser sends and the server accepts; HEIC is not among them (see README, photos). */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoUploadType = (typeof PHOTO_UPLOAD_TYPES)[number];

/** POST /api/photos/upload-grants */
export const uploadGrantRequest = z.strictObject({ kind: photoKindSchema });
export type UploadGrantRequest = z.infer<typeof uploadGrantRequest>;

export const uploadGrantResponse = z.object({
  grantId: z.uuid(),
  /** same-origin path; the token in it is the credential (single use) */
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  expiresAt: z.iso.datetime(),
  maxBytes: z.number().int(),
  /** the content types the upload may carry */
  accept: z.array(z.enum(PHOTO_UPLOAD_TYPES)),
});
export type UploadGrantResponse = z.infer<typeof uploadGrantResponse>;

/** PUT <uploadUrl> → 201 */
export const photoUploadResponse = z.object({
  photoId: z.uuid(),
  kind: photoKindSchema,
  status: z.literal('accepted'),
  width: z.number().int(),
  height: z.number().int(),
});
export type PhotoUploadResponse = z.infer<typeof photoUploadResponse>;

/** GET /api/photos/:photoId/link */
export const photoLinkResponse = z.object({
  /** same-origin path, valid until expiresAt; usable as an <img src> (no header needed) */
  url: z.string(),
  expiresAt: z.iso.datetime(),
});
export type PhotoLinkResponse = z.infer<typeof photoLinkResponse>;
