import { describe, expect, it } from 'vitest';
import { PHOTO_MIN_SIDE } from '@pisonow/domain';
import { UPLOAD_MAX_SIDE, uploadSize } from './prepare-photo.ts';
import { uploadShare } from './upload-progress.ts';

describe('clarity item 5: the photo is resized before upload', () => {
  it('a 12-MP phone photo (4032×3024) goes up at 1600 px on the long side, the shape kept', () => {
    expect(uploadSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(uploadSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(uploadSize(4000, 1800)).toEqual({ width: 1600, height: 720 });
  });

  it('a photo already small enough is never enlarged', () => {
    expect(uploadSize(1280, 960)).toEqual({ width: 1280, height: 960 });
    expect(uploadSize(UPLOAD_MAX_SIDE, 900)).toEqual({ width: UPLOAD_MAX_SIDE, height: 900 });
  });

  it("the short side never drops below the server's minimum (it would refuse the photo)", () => {
    // a thin panorama: 1600 on the long side would leave 200 px; the short side stays at 320
    const thin = uploadSize(6400, 800);
    expect(thin.height).toBe(PHOTO_MIN_SIDE);
    expect(thin.width).toBe(2560);
    const tall = uploadSize(700, 4000);
    expect(Math.min(tall.width, tall.height)).toBeGreaterThanOrEqual(PHOTO_MIN_SIDE);
    // rounding never takes the short side under the minimum
    for (const [w, h] of [
      [5001, 999],
      [321, 4097],
      [4099, 333],
    ] as const) {
      const size = uploadSize(w, h);
      expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(PHOTO_MIN_SIDE);
      expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(Math.max(w, h));
    }
  });

  it('a photo below the minimum is left as it is (the server gives the reason)', () => {
    expect(uploadSize(300, 200)).toEqual({ width: 300, height: 200 });
  });
});

describe('upload progress', () => {
  it('is the share of bytes sent, 0 … 1, and 0 when the total is unknown', () => {
    expect(uploadShare(0, 1000)).toBe(0);
    expect(uploadShare(420, 1000)).toBe(0.42);
    expect(uploadShare(1200, 1000)).toBe(1);
    expect(uploadShare(10, 0)).toBe(0);
    expect(uploadShare(10, Number.NaN)).toBe(0);
  });
});
