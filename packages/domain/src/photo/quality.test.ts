import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkIdCardQuality,
  checkSelfieQuality,
  photoProblemCode,
  withFaceCount,
  GLARE_LUMA,
} from './quality.ts';
import { laplacianVariance } from './metrics.ts';
import { toAnalysisLuma, type PixelImage } from './pixels.ts';

/** Seeded noise, so a failing property replays. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A drawn ID card on a textured table, grayscale, 640 × 480: a light card with dark "text" bars,
 * its top-left corner at (left, top), `w` wide with the ISO ID-1 ratio.
 */
function cardScene(options: {
  left: number;
  top: number;
  w: number;
  seed?: number;
  glare?: { x: number; y: number; r: number };
}): PixelImage {
  const width = 640;
  const height = 480;
  const rnd = random(options.seed ?? 1);
  const data = new Uint8Array(width * height);
  const h = Math.round(options.w / 1.586);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = 95 + rnd() * 20;
      const cx = x - options.left;
      const cy = y - options.top;
      if (cx >= 0 && cy >= 0 && cx < options.w && cy < h) {
        v = 215 + rnd() * 10;
        // text bars on the right 60 % of the card, a portrait block on the left
        const row = Math.floor(cy / (h / 12));
        if (
          cx > options.w * 0.38 &&
          cx < options.w * (0.6 + (row % 3) * 0.1) &&
          row >= 2 &&
          row <= 10 &&
          cy % (h / 12) < h / 30
        )
          v = 40;
        if (cx > options.w * 0.06 && cx < options.w * 0.32 && cy > h * 0.25 && cy < h * 0.85) v = 120;
      }
      if (options.glare && (x - options.glare.x) ** 2 + (y - options.glare.y) ** 2 < options.glare.r ** 2)
        v = 255;
      data[y * width + x] = v;
    }
  }
  return { width, height, data };
}

const toRgba = (img: PixelImage): PixelImage => {
  const data = new Uint8ClampedArray(img.width * img.height * 4);
  img.data.forEach((v, i) => data.set([v, v, v, 255], i * 4));
  return { ...img, data };
};

describe('photo quality checks (VAL-16)', () => {
  it('VAL-16 a whole, sharp card passes', () => {
    const result = checkIdCardQuality(cardScene({ left: 70, top: 80, w: 500 }));
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('VAL-16 a card whose border runs out of the frame on any side is "cropped"', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('left', 'right', 'top', 'bottom'),
        fc.integer({ min: 5, max: 120 }),
        fc.integer({ min: 1, max: 1000 }),
        (side, overhang, seed) => {
          const w = 500;
          const h = Math.round(w / 1.586);
          const left = side === 'left' ? -overhang : side === 'right' ? 640 - w + overhang : 70;
          const top = side === 'top' ? -overhang : side === 'bottom' ? 480 - h + overhang : 80;
          expect(checkIdCardQuality(cardScene({ left, top, w, seed })).problems).toContain('cropped');
        },
      ),
      { numRuns: 30 },
    );
  });

  it('VAL-16 a card anywhere well inside the frame is not "cropped"', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 40, max: 100 }),
        fc.integer({ min: 50, max: 110 }),
        fc.integer({ min: 1, max: 1000 }),
        (left, top, seed) => {
          expect(checkIdCardQuality(cardScene({ left, top, w: 480, seed })).problems).not.toContain(
            'cropped',
          );
        },
      ),
      { numRuns: 20 },
    );
  });

  it('VAL-16 a blown-out reflection on the card is "glare"; a small speck is not', () => {
    expect(
      checkIdCardQuality(cardScene({ left: 70, top: 80, w: 500, glare: { x: 380, y: 200, r: 60 } })).problems,
    ).toContain('glare');
    expect(
      checkIdCardQuality(cardScene({ left: 70, top: 80, w: 500, glare: { x: 380, y: 200, r: 3 } })).problems,
    ).not.toContain('glare');
  });

  it('VAL-16 a flat, featureless frame is "blurred" (and has no card)', () => {
    const flat: PixelImage = { width: 400, height: 300, data: new Uint8Array(400 * 300).fill(128) };
    expect(checkIdCardQuality(flat).problems).toEqual(expect.arrayContaining(['blurred', 'cropped']));
    expect(checkSelfieQuality(flat).problems).toContain('blurred');
  });

  it('VAL-16 a dark frame is "tooDark"', () => {
    const dark = cardScene({ left: 70, top: 80, w: 500 });
    const dim = { ...dark, data: dark.data.map((v) => Math.round(v / 8)) };
    expect(checkIdCardQuality(dim).problems).toContain('tooDark');
  });

  it('VAL-16 the verdict does not depend on the pixel layout (gray, RGBA)', () => {
    const gray = cardScene({ left: 60, top: 90, w: 520, seed: 9 });
    expect(checkIdCardQuality(toRgba(gray))).toEqual(checkIdCardQuality(gray));
  });

  it('VAL-16 a selfie needs exactly one face; quality problems take precedence in the message', () => {
    const scene = cardScene({ left: 70, top: 80, w: 500 });
    expect(checkSelfieQuality(scene, { faces: 1 }).ok).toBe(true);
    expect(checkSelfieQuality(scene, { faces: 0 }).problems).toEqual(['noFace']);
    expect(checkSelfieQuality(scene, { faces: 2 }).problems).toEqual(['multipleFaces']);
    // the server counts the faces after the quality check (a step of its own): the same verdict
    for (const faces of [0, 1, 2])
      expect(withFaceCount(checkSelfieQuality(scene), faces)).toEqual(checkSelfieQuality(scene, { faces }));
    expect(photoProblemCode(['noFace'])).toBe('FACE_FAILED');
    expect(photoProblemCode(['multipleFaces'])).toBe('FACE_FAILED');
    expect(photoProblemCode(['blurred', 'noFace'])).toBe('PHOTO_RETAKE');
    expect(photoProblemCode(['glare'])).toBe('PHOTO_RETAKE');
    expect(photoProblemCode([])).toBeNull();
  });

  it('VAL-16 the Laplacian variance is 0 on a constant image and scales with contrast squared', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 2, max: 4 }), (seed, k) => {
        const rnd = random(seed);
        const data = new Uint8Array(32 * 24).map(() => Math.floor(rnd() * 60));
        const base = laplacianVariance(toAnalysisLuma({ width: 32, height: 24, data }));
        const scaled = laplacianVariance(
          toAnalysisLuma({ width: 32, height: 24, data: data.map((v) => v * k) }),
        );
        expect(scaled).toBeCloseTo(base * k * k, 0);
        expect(
          laplacianVariance(
            toAnalysisLuma({ width: 32, height: 24, data: new Uint8Array(32 * 24).fill(seed % 256) }),
          ),
        ).toBe(0);
      }),
    );
  });

  it('refuses a buffer that does not match the dimensions', () => {
    expect(() => checkIdCardQuality({ width: 10, height: 10, data: new Uint8Array(7) })).toThrow(RangeError);
    expect(GLARE_LUMA).toBeLessThanOrEqual(255);
  });
});
