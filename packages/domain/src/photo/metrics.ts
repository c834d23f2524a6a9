import { clampBox, type PixelBox, type LumaImage } from './pixels.ts';

/**
 * Variance of the (4-neighbour) Laplacian inside `box`: the classic focus measure. Edges and fine
 * detail give large second derivatives; blur flattens them, so the variance falls.
 */
export function laplacianVariance(img: LumaImage, region?: PixelBox): number {
  const { width, height, data } = img;
  const box = clampBox(region ?? { x0: 0, y0: 0, x1: width, y1: height }, width, height);
  const x0 = Math.max(1, box.x0);
  const y0 = Math.max(1, box.y0);
  const x1 = Math.min(width - 1, box.x1);
  const y1 = Math.min(height - 1, box.y1);
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      const lap = 4 * data[i]! - data[i - 1]! - data[i + 1]! - data[i - width]! - data[i + width]!;
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/** Mean luma inside `box` (0..255). */
export function meanLuma(img: LumaImage, region?: PixelBox): number {
  const box = clampBox(region ?? { x0: 0, y0: 0, x1: img.width, y1: img.height }, img.width, img.height);
  let sum = 0;
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) sum += img.data[y * img.width + x]!;
  return sum / ((box.x1 - box.x0) * (box.y1 - box.y0));
}

/**
 * Share of clipped highlights inside `box`, overall and in the worst cell of a grid. A reflection
 * on a laminated card is a compact blown-out patch: it may be a small share of the whole card yet
 * wipe out one cell (a name, a digit group) completely, so both are reported.
 */
export function saturatedShare(
  img: LumaImage,
  region: PixelBox | undefined,
  threshold: number,
  grid = 6,
): { overall: number; worstCell: number } {
  const box = clampBox(region ?? { x0: 0, y0: 0, x1: img.width, y1: img.height }, img.width, img.height);
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const cells = new Float64Array(grid * grid);
  const counts = new Float64Array(grid * grid);
  let total = 0;
  for (let y = box.y0; y < box.y1; y++) {
    const cy = Math.min(grid - 1, Math.floor(((y - box.y0) * grid) / bh));
    for (let x = box.x0; x < box.x1; x++) {
      const cx = Math.min(grid - 1, Math.floor(((x - box.x0) * grid) / bw));
      const c = cy * grid + cx;
      counts[c]!++;
      if (img.data[y * img.width + x]! >= threshold) {
        cells[c]!++;
        total++;
      }
    }
  }
  let worst = 0;
  for (let c = 0; c < cells.length; c++) if (counts[c]! > 0) worst = Math.max(worst, cells[c]! / counts[c]!);
  return { overall: total / (bw * bh), worstCell: worst };
}

export type FrameSide = 'top' | 'bottom' | 'left' | 'right';

export interface EdgeLine {
  side: FrameSide;
  /** position of the line where it crosses the image's middle (row for top/bottom, column for left/right) */
  position: number;
  /** share of sampled points along the line with a strong gradient of its polarity (0..1) */
  coverage: number;
  polarity: EdgePolarity;
  /** median luma between the line and the image border (what lies outside the card) */
  outsideLuma: number;
}

/** Whether the image gets brighter (1) or darker (-1) crossing the line towards the image's centre. */
export type EdgePolarity = 1 | -1;

export interface EdgeSearch {
  /** the band of the image searched, as fractions of the dimension, measured from that side */
  from: number;
  to: number;
  /** the span sampled along the line, as fractions of the other dimension, centred */
  span: number;
  /** minimum absolute gradient (luma levels across 2 px) that counts as an edge point */
  gradient: number;
  /** slopes tried, ± this many px per px (a card a few degrees off level is still found) */
  maxSlope: number;
}

/**
 * A card's border parallel to one side of the image, searched in a band near that side: a card's
 * border is one long, continuous transition (background → card), while text, the portrait and
 * background texture break up along any straight line (a small Hough-style search over positions
 * and a few slopes), of either polarity (a light card, or a dark header band, on the table). Of the
 * lines long enough, the one nearest the image border is taken, and nothing like the inside may lie
 * outside it. The caller also compares what lies outside the four borders (see checkIdCardQuality):
 * when a real border has been cut off, the next line inwards (the portrait's edge, say) has card,
 * not table, outside it.
 */
export function findBorder(
  img: LumaImage,
  side: FrameSide,
  search: EdgeSearch,
  minCoverage: number,
): EdgeLine {
  const { width, height, data } = img;
  const horizontal = side === 'top' || side === 'bottom';
  const along = horizontal ? width : height; // the line runs along this dimension
  const across = horizontal ? height : width; // and is searched across this one
  const nearStart = side === 'top' || side === 'left';
  const inward = nearStart ? 1 : -1;
  const fromPx = Math.max(1, Math.round((nearStart ? search.from : 1 - search.to) * across));
  const toPx = Math.min(across - 2, Math.round((nearStart ? search.to : 1 - search.from) * across));
  const spanStart = Math.round(((1 - search.span) / 2) * along);
  const spanEnd = Math.round(((1 + search.span) / 2) * along);
  const step = Math.max(1, Math.round((spanEnd - spanStart) / 120));
  const mid = along / 2;
  const slopes: number[] = [];
  for (let s = -search.maxSlope; s <= search.maxSlope + 1e-9; s += search.maxSlope / 4) slopes.push(s);

  const at = (a: number, c: number): number => (horizontal ? data[c * width + a]! : data[a * width + c]!);
  // gradient across the line at (alongPos, acrossPos), central difference
  const grad = (a: number, c: number): number => (c < 1 || c >= across - 1 ? 0 : at(a, c + 1) - at(a, c - 1));

  // gradients are taken in increasing coordinates; towards the centre is decreasing for bottom/right.
  // Both polarities are counted in one pass over the line: the same three gradients decide both
  // (a polarity's strongest neighbour is the other's weakest, negated). Half the work of two passes.
  const coverageOf = (p: number, slope: number): { light: number; dark: number } => {
    let light = 0;
    let dark = 0;
    let n = 0;
    for (let a = spanStart; a < spanEnd; a += step) {
      const c = Math.round(p + slope * (a - mid));
      // the strongest of three neighbours: tolerates a line that is not perfectly straight
      const g0 = grad(a, c - 1) * inward;
      const g1 = grad(a, c) * inward;
      const g2 = grad(a, c + 1) * inward;
      if (Math.max(g0, g1, g2) >= search.gradient) light++;
      if (-Math.min(g0, g1, g2) >= search.gradient) dark++;
      n++;
    }
    return n === 0 ? { light: 0, dark: 0 } : { light: light / n, dark: dark / n };
  };

  /** share of the outside (line → image border) that is as bright (polarity 1) as just inside */
  const outside = (
    p: number,
    slope: number,
    polarity: EdgePolarity,
  ): { cardLike: number; median: number } => {
    let cardLike = 0;
    const values: number[] = [];
    for (let a = spanStart; a < spanEnd; a += step) {
      const c = Math.round(p + slope * (a - mid));
      const inside = at(a, Math.max(0, Math.min(across - 1, c + 4 * inward)));
      for (let o = c - 4 * inward; o >= 0 && o < across; o -= 3 * inward) {
        const v = at(a, o);
        if ((v - inside) * polarity > -search.gradient) cardLike++;
        values.push(v);
      }
    }
    values.sort((x, y) => x - y);
    return {
      cardLike: values.length === 0 ? 0 : cardLike / values.length,
      median: values[Math.floor(values.length / 2)] ?? 0,
    };
  };

  let best: EdgeLine = { side, position: -1, coverage: 0, polarity: 1, outsideLuma: 0 };
  // from the image border inwards
  const positions: number[] = [];
  for (let p = fromPx; p <= toPx; p++) positions.push(p);
  if (!nearStart) positions.reverse();
  for (const p of positions) {
    let lineCoverage = 0;
    let lineSlope = 0;
    let linePolarity: EdgePolarity = 1;
    const coverages = slopes.map((slope) => coverageOf(p, slope));
    for (const polarity of [1, -1] as const) {
      for (const [i, slope] of slopes.entries()) {
        const coverage = polarity === 1 ? coverages[i]!.light : coverages[i]!.dark;
        if (coverage > lineCoverage) {
          lineCoverage = coverage;
          lineSlope = slope;
          linePolarity = polarity;
        }
      }
    }
    if (lineCoverage >= minCoverage) {
      const out = outside(p, lineSlope, linePolarity);
      // the outermost long line has card outside it: the real border is not in the picture
      const coverage = out.cardLike <= MAX_CARD_OUTSIDE ? lineCoverage : 0;
      return { side, position: p, coverage, polarity: linePolarity, outsideLuma: out.median };
    }
    if (lineCoverage > best.coverage)
      best = { side, position: p, coverage: lineCoverage, polarity: linePolarity, outsideLuma: 0 };
  }
  return best;
}

/** Outside a real border at most this share of samples may look like the card (noise, a shadow's edge). */
export const MAX_CARD_OUTSIDE = 0.1;
