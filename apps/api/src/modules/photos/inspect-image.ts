import sharp from 'sharp';
import {
  checkIdCardQuality,
  checkSelfieQuality,
  PHOTO_MIN_SIDE,
  type PhotoCheckResult,
  type PhotoKind,
  type PixelImage,
  type PhotoUploadType,
} from '@pisonow/domain';
import { AppError } from '../../lib/app-error.ts';

/** Smaller than this on the short side cannot show an ID card legibly (shared with the browser's resize). */
export { PHOTO_MIN_SIDE };
/** Decompression-bomb guard: a 50-MP phone photo is the most a real camera sends. */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** Stored photos are normalised to this longest side (what the browser already sends). */
export const PHOTO_STORE_MAX_SIDE = 1600;
export const PHOTO_STORE_QUALITY = 85;
/** Checks run on this size (the domain's ANALYSIS_MAX_SIDE) */
const ANALYSIS_SIDE = 640;

/** The type the bytes really are (magic numbers), whatever the request said. */
export function sniffImageType(bytes: Buffer): PhotoUploadType | 'image/heic' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 4, 8) === 'ftyp' &&
    /^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(bytes.toString('latin1', 8, 12))
  )
    return 'image/heic';
  return null;
}

export interface InspectedImage {
  /** the re-encoded JPEG that is stored: orientation applied, all metadata (EXIF, GPS, XMP, ICC) gone */
  jpeg: Buffer;
  width: number;
  height: number;
  /** RGB pixels at the analysis size, for the quality and face checks */
  pixels: PixelImage;
}

/**
 * Re-validates an upload on the server (the browser is never trusted): the bytes must be the
 * declared type (magic numbers), decode completely within the limits, and be big enough. The photo
 * is then re-encoded by sharp: orientation baked in and every metadata block dropped, so a GPS
 * position in the EXIF never reaches storage. HEIC is refused: sharp's prebuilt libvips cannot
 * decode it (HEVC licensing), and browsers hand us JPEG after the in-page resize anyway.
 */
export async function inspectImage(body: Buffer, declaredType: string): Promise<InspectedImage> {
  const sniffed = sniffImageType(body);
  if (sniffed === 'image/heic') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (!sniffed || sniffed !== declaredType) throw new AppError('IMAGE_INVALID');
  const input = () =>
    sharp(body, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS, sequentialRead: true });
  try {
    const meta = await input().metadata();
    const expectedFormat = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' }[sniffed];
    if (meta.format !== expectedFormat || !meta.width || !meta.height) throw new AppError('IMAGE_INVALID');
    if (Math.min(meta.width, meta.height) < PHOTO_MIN_SIDE) throw new AppError('IMAGE_INVALID');
    const { data: jpeg, info } = await input()
      .rotate() // apply the EXIF orientation before the EXIF is dropped
      .resize(PHOTO_STORE_MAX_SIDE, PHOTO_STORE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' }) // a transparent PNG becomes a white-backed JPEG
      .jpeg({ quality: PHOTO_STORE_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true }); // no keepMetadata/withMetadata: sharp writes none
    const { data, info: small } = await sharp(jpeg)
      .resize(ANALYSIS_SIDE, ANALYSIS_SIDE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      jpeg,
      width: info.width,
      height: info.height,
      pixels: { width: small.width, height: small.height, data },
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips: truncated, corrupt, over the pixel limit, unsupported inside a known container
    throw new AppError('IMAGE_INVALID');
  }
}

/** A photo's check on the server: what the browser ran, again (VAL-16). */
export type PhotoCheck = Pick<PhotoCheckResult, 'problems'> & {
  metrics: Partial<PhotoCheckResult['metrics']>;
};

/** An upload after inspectPhoto: the stored JPEG and the checks of its kind. */
export type InspectedPhoto = Omit<InspectedImage, 'pixels'> &
  (
    | {
        kind: 'selfie';
        /** the quality check; the faces are counted after, by the face detector (a provider) */
        check: PhotoCheckResult;
        /** the pixels at the analysis size, for the face detector; no other kind carries them */
        facePixels: PixelImage;
      }
    | { kind: 'idCard' | 'paymentReceipt'; check: PhotoCheck }
  );

/**
 * inspectImage, then the quality checks of the photo's kind on the analysis pixels. It runs in the
 * image worker (workers/image-worker.ts), not on the main thread, where an ID card's check held
 * every other request for ~60-100 ms (issue 8: GET /api/me's p99 under photo load 100-121 -> 48-49
 * ms, bench/soak-memory.md). Only a selfie's pixels come back, for the face detector.
 */
export async function inspectPhoto(
  body: Buffer,
  declaredType: string,
  kind: PhotoKind,
): Promise<InspectedPhoto> {
  const { jpeg, width, height, pixels } = await inspectImage(body, declaredType);
  switch (kind) {
    case 'idCard':
      return { kind, jpeg, width, height, check: checkIdCardQuality(pixels) };
    case 'selfie':
      return { kind, jpeg, width, height, check: checkSelfieQuality(pixels), facePixels: pixels };
    case 'paymentReceipt':
      // read by a person in the console: decoding and re-encoding it (size, type, metadata
      // stripped) is its check; the card and face checks do not apply
      return { kind, jpeg, width, height, check: { problems: [], metrics: { width, height } } };
  }
}
