import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeScaling, pixelRatioFor } from './scaling.ts';

describe('SH-10 page scaling', () => {
  it.each([
    // width, dpr, iPhone → root font, body font
    [390, 3, true, 117, 36], // iPhone 13: 390 × 3 / 10
    [375, 2, true, 75, 24], // iPhone SE: 375 × 2 / 10
    [320, 1, true, 32, 12],
    [430, 3, true, 129, 36], // iPhone Pro Max
    [1280, 1, false, 54, 12], // desktop: capped at 540
    [1280, 2, false, 54, 12], // retina desktop: ratio 1 off iPhone
    [600, 3, true, 162, 36], // wider than 540 on iPhone: capped then × 3
    [412, 2.625, false, 41.2, 12], // Android: ratio 1
  ])('SH-10 width %d dpr %d iPhone %s → root %dpx body %dpx', (w, dpr, iphone, root, body) => {
    const s = computeScaling(w, dpr, iphone);
    expect(s.rootFontPx).toBeCloseTo(root, 6);
    expect(s.bodyFontPx).toBe(body);
  });

  it('SH-10 ratio on iPhone is 3, 2 or 1 from devicePixelRatio; 1 elsewhere', () => {
    expect(pixelRatioFor(3, true)).toBe(3);
    expect(pixelRatioFor(2.5, true)).toBe(2);
    expect(pixelRatioFor(1.5, true)).toBe(1);
    expect(pixelRatioFor(3, false)).toBe(1);
  });

  it('SH-10 property: root font = min(width, 540) × ratio / 10', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 3000 }),
        fc.constantFrom(1, 2, 3),
        fc.boolean(),
        (w, dpr, iphone) => {
          const s = computeScaling(w, dpr, iphone);
          expect(s.rootFontPx).toBeCloseTo((Math.min(w, 540) * (iphone ? dpr : 1)) / 10, 9);
        },
      ),
    );
  });
});
