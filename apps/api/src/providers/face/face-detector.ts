/** Raw RGB (3 channels) or RGBA (4) pixels, row-major. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface CountFacesOptions {
  /**
   * Ignore faces narrower than this share of the image width. In SELFIE_MODE=idInHand the card's
   * small portrait is in the picture too and must not count as a second person.
   */
  minFaceShare?: number;
}

/** Counts the faces in a photo (VAL-16: a selfie must show exactly one). */
export interface FaceDetector {
  readonly name: string;
  /** `image`: decoded pixels, or encoded JPEG/PNG/WebP bytes */
  countFaces(image: RgbImage | Buffer, options?: CountFacesOptions): Promise<number>;
}
