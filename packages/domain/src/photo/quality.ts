import type { ErrorCode } from '../errors.ts';
import { toAnalysisLuma, type PixelBox, type LumaImage, type PixelImage } from './pixels.ts';
import {
  laplacianVariance,
  meanLuma,
  saturatedShare,
  findBorder,
  type EdgeLine,
  type EdgeSearch,
  type FrameSide,
} from './metrics.ts';

/**
 * Photo quality rules (VAL-16, ST-05): the same code runs in the browser before upload (quick
 * feedback, no wasted upload) and on the server after upload (the browser is never trusted).
 * Every threshold is a named constant measured at ANALYSIS_MAX_SIDE; the committed fixtures in
 * apps/api/src/test/fixtures/photos pin them (sharp passes; blurred, glared, cropped fail).
 */

/** Laplacian variance below this on the ID card region: too blurred to read the card. */
export const ID_CARD_BLUR_MIN_VARIANCE = 60;
/** Faces are smooth; a selfie is judged on the whole frame with a lower bar. */
export const SELFIE_BLUR_MIN_VARIANCE = 15;
/** A luma at or above this is a clipped highlight (a reflection, not white print). */
export const GLARE_LUMA = 250;
/** Glare when this share of the card is clipped … */
export const GLARE_MAX_SHARE = 0.02;
/** … or when one cell of a 6 × 6 grid over the card is this much clipped (a compact reflection). */
export const GLARE_MAX_CELL_SHARE = 0.25;
/** Mean luma below this: too dark to read or to find a face. */
export const MIN_MEAN_LUMA = 40;
/**
 * Card borders: each of the four must be found as a long straight edge inside the frame, not on
 * the image border (a card running off the photo has lost a corner) — searched from 1 % to 45 % of
 * the image from each side, sampled over the central half, ±4° of tilt.
 */
export const CARD_EDGE_SEARCH: EdgeSearch = { from: 0.01, to: 0.45, span: 0.5, gradient: 18, maxSlope: 0.07 };
/** Vertical borders are sampled over a shorter span: in a portrait photo the card is a band across the middle. */
export const CARD_EDGE_SEARCH_VERTICAL: EdgeSearch = { ...CARD_EDGE_SEARCH, span: 0.3 };
/** An edge counts when at least this share of the line has a strong, same-signed gradient. */
export const CARD_EDGE_MIN_COVERAGE = 0.6;

/**
 * An ID-1 card is 85.6 × 54 mm (1.586). Held roughly flat inside the guide frame it stays within
 * these bounds; outside them the "card" found is a part of it.
 */
export const CARD_ASPECT_MIN = 1.3;
export const CARD_ASPECT_MAX = 1.9;

/** The backgrounds outside the four borders (medians) may differ by this much (uneven light). */
export const BACKGROUND_MAX_SPREAD = 45;

export type PhotoProblem = 'blurred' | 'glare' | 'cropped' | 'tooDark' | 'noFace' | 'multipleFaces';

export interface PhotoMetrics {
  width: number;
  height: number;
  /** Laplacian variance on the judged region */
  sharpness: number;
  meanLuma: number;
  /** share of clipped highlights on the card (ID card only) */
  glareShare?: number;
  glareWorstCell?: number;
  /** coverage of the best border line on each side (ID card only) */
  edges?: Record<FrameSide, number>;
  faces?: number;
}

export interface PhotoCheckResult {
  ok: boolean;
  problems: PhotoProblem[];
  metrics: PhotoMetrics;
}

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The card is found when its four borders are found inside the frame, the same background lies
 * outside all four (a "border" with card outside it — the portrait's edge when the real border was
 * cut off — does not), and the box has an ID card's proportions.
 */
function findCard(luma: LumaImage): { edges: Record<FrameSide, EdgeLine>; box: PixelBox | null } {
  const edges = {
    top: findBorder(luma, 'top', CARD_EDGE_SEARCH, CARD_EDGE_MIN_COVERAGE),
    bottom: findBorder(luma, 'bottom', CARD_EDGE_SEARCH, CARD_EDGE_MIN_COVERAGE),
    left: findBorder(luma, 'left', CARD_EDGE_SEARCH_VERTICAL, CARD_EDGE_MIN_COVERAGE),
    right: findBorder(luma, 'right', CARD_EDGE_SEARCH_VERTICAL, CARD_EDGE_MIN_COVERAGE),
  };
  const all = Object.values(edges);
  const outside = all.map((e) => e.outsideLuma);
  const box = {
    x0: edges.left.position,
    y0: edges.top.position,
    x1: edges.right.position,
    y1: edges.bottom.position,
  };
  const aspect = (box.x1 - box.x0) / Math.max(1, box.y1 - box.y0);
  const found =
    all.every((e) => e.coverage >= CARD_EDGE_MIN_COVERAGE) &&
    Math.max(...outside) - Math.min(...outside) <= BACKGROUND_MAX_SPREAD &&
    aspect >= CARD_ASPECT_MIN &&
    aspect <= CARD_ASPECT_MAX;
  return { edges, box: found ? box : null };
}

/** Shrinks a box by `share` of its size on every side (keeps the card's own border out of the measure). */
function inset(box: PixelBox, share: number): PixelBox {
  const dx = (box.x1 - box.x0) * share;
  const dy = (box.y1 - box.y0) * share;
  return { x0: box.x0 + dx, y0: box.y0 + dy, x1: box.x1 - dx, y1: box.y1 - dy };
}

/**
 * An ID card photo: all four borders inside the frame, sharp enough to read, no reflection, not
 * too dark. When the card is not found the central 80 % stands in for it, so blur and glare are
 * still reported alongside "cropped".
 */
export function checkIdCardQuality(image: PixelImage): PhotoCheckResult {
  const luma = toAnalysisLuma(image);
  const card = findCard(luma);
  const region = card.box
    ? inset(card.box, 0.02)
    : { x0: luma.width * 0.1, y0: luma.height * 0.1, x1: luma.width * 0.9, y1: luma.height * 0.9 };
  const sharpness = laplacianVariance(luma, region);
  const brightness = meanLuma(luma, region);
  const glare = saturatedShare(luma, region, GLARE_LUMA);
  const problems: PhotoProblem[] = [];
  if (!card.box) problems.push('cropped');
  if (sharpness < ID_CARD_BLUR_MIN_VARIANCE) problems.push('blurred');
  if (glare.overall > GLARE_MAX_SHARE || glare.worstCell > GLARE_MAX_CELL_SHARE) problems.push('glare');
  if (brightness < MIN_MEAN_LUMA) problems.push('tooDark');
  return {
    ok: problems.length === 0,
    problems,
    metrics: {
      width: image.width,
      height: image.height,
      sharpness: round(sharpness, 1),
      meanLuma: round(brightness, 1),
      glareShare: round(glare.overall, 4),
      glareWorstCell: round(glare.worstCell, 4),
      edges: {
        top: round(card.edges.top.coverage, 2),
        bottom: round(card.edges.bottom.coverage, 2),
        left: round(card.edges.left.coverage, 2),
        right: round(card.edges.right.coverage, 2),
      },
    },
  };
}

/**
 * A selfie: sharp enough, not too dark, and — when the caller has run a face detector — exactly
 * one face. Face detection needs a neural network, which the domain (pure, I/O-free) cannot hold;
 * the count is passed in.
 */
export function checkSelfieQuality(image: PixelImage, options: { faces?: number } = {}): PhotoCheckResult {
  const luma = toAnalysisLuma(image);
  const sharpness = laplacianVariance(luma);
  const brightness = meanLuma(luma);
  const problems: PhotoProblem[] = [];
  if (sharpness < SELFIE_BLUR_MIN_VARIANCE) problems.push('blurred');
  if (brightness < MIN_MEAN_LUMA) problems.push('tooDark');
  const check: PhotoCheckResult = {
    ok: problems.length === 0,
    problems,
    metrics: {
      width: image.width,
      height: image.height,
      sharpness: round(sharpness, 1),
      meanLuma: round(brightness, 1),
    },
  };
  return options.faces === undefined ? check : withFaceCount(check, options.faces);
}

/**
 * A selfie's check once its faces are counted (VAL-16: exactly one). The server counts them after
 * the quality check, in another step (the face detector is a provider of its own).
 */
export function withFaceCount(check: PhotoCheckResult, faces: number): PhotoCheckResult {
  const problems = [...check.problems];
  if (faces === 0) problems.push('noFace');
  else if (faces > 1) problems.push('multipleFaces');
  return { ok: problems.length === 0, problems, metrics: { ...check.metrics, faces } };
}

/**
 * The catalogue message for a failed check: a quality problem asks for a retake (PHOTO_RETAKE);
 * a clear photo without exactly one face is a face failure (FACE_FAILED). Quality comes first: a
 * dark or blurred selfie usually "has no face" only because it is dark or blurred.
 */
export function photoProblemCode(
  problems: readonly PhotoProblem[],
): Extract<ErrorCode, 'PHOTO_RETAKE' | 'FACE_FAILED'> | null {
  if (problems.length === 0) return null;
  return problems.some((p) => p !== 'noFace' && p !== 'multipleFaces') ? 'PHOTO_RETAKE' : 'FACE_FAILED';
}
