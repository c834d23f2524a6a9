import { ANALYSIS_MAX_SIDE, PHOTO_MIN_SIDE, type PixelImage } from '@pisonow/domain';

/** The upload's longest side and JPEG quality: a legible ID card in ~300 kB on a phone's data plan. */
export const UPLOAD_MAX_SIDE = 1600;
export const UPLOAD_JPEG_QUALITY = 0.85;

export interface PreparedPhoto {
  /** the JPEG to upload */
  blob: Blob;
  /** small RGBA copy for the in-browser checks */
  pixels: PixelImage;
  /** the small copy as a canvas (the face detector reads it) */
  canvas: HTMLCanvasElement;
}

function scaled(width: number, height: number, maxSide: number) {
  const f = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * f)), height: Math.max(1, Math.round(height * f)) };
}

/**
 * The size the photo is uploaded at (clarity item 5): the long side brought down to
 * UPLOAD_MAX_SIDE, never enlarged, and never so far that the short side drops below the server's
 * PHOTO_MIN_SIDE (a very long, thin picture keeps its short side at the minimum instead).
 * A photo already below the minimum is left as it is: the server says it is unusable.
 */
export function uploadSize(width: number, height: number): { width: number; height: number } {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (short <= PHOTO_MIN_SIDE) return { width, height };
  const f = Math.min(1, Math.max(UPLOAD_MAX_SIDE / long, PHOTO_MIN_SIDE / short));
  // floor would let 320.4 become 319: round the short side up so it stays at or above the minimum
  const w = width === short ? Math.ceil(width * f) : Math.round(width * f);
  const h = height === short && width !== short ? Math.ceil(height * f) : Math.round(height * f);
  return { width: Math.max(1, w), height: Math.max(1, h) };
}

function draw(source: ImageBitmap, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, width, height);
  return canvas;
}

/**
 * Decodes the camera's file (orientation from EXIF applied), re-encodes it at most 1600 px as JPEG
 * 0.85 — which also drops the camera's metadata before anything leaves the phone — and makes the
 * small copy the checks run on. Throws when the file is not a decodable image.
 */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const big = uploadSize(bitmap.width, bitmap.height);
    const uploadCanvas = draw(bitmap, big.width, big.height);
    const blob = await new Promise<Blob>((resolve, reject) =>
      uploadCanvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error('encode failed'))),
        'image/jpeg',
        UPLOAD_JPEG_QUALITY,
      ),
    );
    const small = scaled(bitmap.width, bitmap.height, ANALYSIS_MAX_SIDE);
    const canvas = draw(bitmap, small.width, small.height);
    const data = canvas.getContext('2d')!.getImageData(0, 0, small.width, small.height).data;
    return { blob, pixels: { width: small.width, height: small.height, data }, canvas };
  } finally {
    bitmap.close();
  }
}
