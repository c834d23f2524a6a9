/**
 * Raw pixels as both sides have them: the browser's ImageData (RGBA) and sharp's `.raw()` output
 * (grayscale, RGB or RGBA). The channel count follows from the buffer's length.
 */
export interface PixelImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** A single-channel luma image at the analysis size; values 0..255 as floats. */
export interface LumaImage {
  width: number;
  height: number;
  data: Float32Array;
}

/**
 * Checks run at this size (longest side, at most). Thresholds are tuned at this scale, so a
 * 4000-px phone original and the browser's 1600-px copy give comparable numbers, and a check costs
 * a few milliseconds either way.
 */
export const ANALYSIS_MAX_SIDE = 640;

/**
 * The server refuses a photo whose short side is below this (an ID card is not legible smaller);
 * the browser's resize never goes under it either (clarity item 5).
 */
export const PHOTO_MIN_SIDE = 320;

export function channelsOf(image: PixelImage): 1 | 3 | 4 {
  const pixels = image.width * image.height;
  if (
    !Number.isInteger(image.width) ||
    !Number.isInteger(image.height) ||
    image.width < 1 ||
    image.height < 1
  ) {
    throw new RangeError('image dimensions must be positive integers');
  }
  const channels = image.data.length / pixels;
  if (channels === 1 || channels === 3 || channels === 4) return channels;
  throw new RangeError(
    `pixel buffer of ${image.data.length} bytes does not fit ${image.width}×${image.height} with 1, 3 or 4 channels`,
  );
}

/**
 * Luma (Rec. 601 weights) downscaled by an integer box filter to at most ANALYSIS_MAX_SIDE on the
 * longest side. PixelBox averaging (rather than point sampling) keeps the blur metric honest: sampling
 * would alias a blurred image back into sharp-looking noise.
 */
export function toAnalysisLuma(image: PixelImage, maxSide = ANALYSIS_MAX_SIDE): LumaImage {
  const channels = channelsOf(image);
  const factor = Math.max(1, Math.ceil(Math.max(image.width, image.height) / maxSide));
  const width = Math.max(1, Math.floor(image.width / factor));
  const height = Math.max(1, Math.floor(image.height / factor));
  const out = new Float32Array(width * height);
  const src = image.data;
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        let i = ((y * factor + dy) * image.width + x * factor) * channels;
        for (let dx = 0; dx < factor; dx++, i += channels) {
          sum += channels === 1 ? src[i]! : 0.299 * src[i]! + 0.587 * src[i + 1]! + 0.114 * src[i + 2]!;
        }
      }
      out[y * width + x] = sum / area;
    }
  }
  return { width, height, data: out };
}

/** A rectangle in analysis-image pixels (x0, y0 inclusive; x1, y1 exclusive). */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function clampBox(box: PixelBox, width: number, height: number): PixelBox {
  const x0 = Math.max(0, Math.min(width - 1, Math.round(box.x0)));
  const y0 = Math.max(0, Math.min(height - 1, Math.round(box.y0)));
  return {
    x0,
    y0,
    x1: Math.max(x0 + 1, Math.min(width, Math.round(box.x1))),
    y1: Math.max(y0 + 1, Math.min(height, Math.round(box.y1))),
  };
}
