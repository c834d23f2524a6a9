import { clampBox, type Box, type LumaImage } from './pixels.ts';

/**
 * Variance of the (4-neighbour) Laplacian inside `box`: the classic focus measure. Edges and fine
 * detail give large second derivatives; blur flattens them, so the variance falls.
 */
export function laplacianVariance(img: LumaImage, region?: Box): number {
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
export function meanLuma(img: LumaImage, region?: Box): number {
  const box = clampBox(region ?? { x0: 0, y0: 0, x1: img.width, y1: img.height }, img.width, img.height);
  let sum = 0;
  for (let y = box.y0; y < box.y1; y++) for (let x = box.x0; x < box.x1; x++) sum += img.data[y * img.width + x]!;
  return sum / ((box.x1 - box.x0) * (box.y1 - box.y0));
}

/**
 * Share of clipped highlights inside `box`, overall and in the worst cell of a grid. A reflection
 * on a laminated card is a compact blown-out patch: it may be a small share of the whole card yet
 * wipe out one cell (a name, a digit group) completely, so both are reported.
 */
export function saturatedShare(img: LumaImage, region: Box | undefined, threshold: number, grid = 6): { overall: number; worstCell: number } {
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

export type Side = 'top' | 'bottom' | 'left' | 'right';

export interface EdgeLine {
  side: Side;
  /** position of the line where it crosses the image's middle (row for top/bottom, column for left/right) */
  position: number;
  /** share of sampled points along the line with a strong gradient of the same sign (0..1) */
  coverage: number;
}

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
 * The strongest straight edge parallel to one side of the image, searched in a band near that side:
 * a card's border is one long, continuous, same-signed transition (card against background), while
 * text, the portrait and background texture break up along any straight line. A small Hough-style
 * search over positions and a few slopes.
 */
export function strongestEdge(img: LumaImage, side: Side, search: EdgeSearch): EdgeLine {
  const { width, height, data } = img;
  const horizontal = side === 'top' || side === 'bottom';
  const along = horizontal ? width : height; // the line runs along this dimension
  const across = horizontal ? height : width; // and is searched across this one
  const nearStart = side === 'top' || side === 'left';
  const fromPx = Math.max(1, Math.round((nearStart ? search.from : 1 - search.to) * across));
  const toPx = Math.min(across - 2, Math.round((nearStart ? search.to : 1 - search.from) * across));
  const spanStart = Math.round(((1 - search.span) / 2) * along);
  const spanEnd = Math.round(((1 + search.span) / 2) * along);
  const step = Math.max(1, Math.round((spanEnd - spanStart) / 120));
  const mid = along / 2;
  const slopes: number[] = [];
  for (let s = -search.maxSlope; s <= search.maxSlope + 1e-9; s += search.maxSlope / 4) slopes.push(s);

  // gradient across the line at (alongPos, acrossPos), central difference
  const grad = (a: number, c: number): number => {
    if (c < 1 || c >= across - 1) return 0;
    if (horizontal) return data[(c + 1) * width + a]! - data[(c - 1) * width + a]!;
    return data[a * width + c + 1]! - data[a * width + c - 1]!;
  };

  let best: EdgeLine = { side, position: -1, coverage: 0 };
  const lo = Math.min(fromPx, toPx);
  const hi = Math.max(fromPx, toPx);
  for (let p = lo; p <= hi; p++) {
    for (const slope of slopes) {
      let pos = 0;
      let neg = 0;
      let n = 0;
      for (let a = spanStart; a < spanEnd; a += step) {
        const c = Math.round(p + slope * (a - mid));
        // the strongest of three neighbours: tolerates a line that is not perfectly straight
        const g0 = grad(a, c - 1);
        const g1 = grad(a, c);
        const g2 = grad(a, c + 1);
        const g = Math.abs(g0) > Math.abs(g1) ? (Math.abs(g0) > Math.abs(g2) ? g0 : g2) : Math.abs(g1) > Math.abs(g2) ? g1 : g2;
        if (g >= search.gradient) pos++;
        else if (g <= -search.gradient) neg++;
        n++;
      }
      const coverage = n === 0 ? 0 : Math.max(pos, neg) / n;
      if (coverage > best.coverage) best = { side, position: p, coverage };
    }
  }
  return best;
}
