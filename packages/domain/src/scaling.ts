/** SH-10 page scaling, as pure functions so the formula is tested without a browser. */
export const MAX_LAYOUT_WIDTH = 540;
export const BASE_FONT_PX = 12;
export const RESIZE_DEBOUNCE_MS = 300;

/** On iPhone the ratio is 3, 2 or 1 from devicePixelRatio; everywhere else it is 1. */
export function pixelRatioFor(devicePixelRatio: number, iPhone: boolean): 1 | 2 | 3 {
  if (!iPhone) return 1;
  if (devicePixelRatio >= 3) return 3;
  if (devicePixelRatio >= 2) return 2;
  return 1;
}

export interface Scaling {
  /** root (html) font size in px = effective width / 10 */
  rootFontPx: number;
  /** body font size in px = 12 × ratio */
  bodyFontPx: number;
  ratio: 1 | 2 | 3;
}

/** effective width = min(element width, 540) × ratio; root font = effective width / 10. */
export function computeScaling(elementWidth: number, devicePixelRatio: number, iPhone: boolean): Scaling {
  const ratio = pixelRatioFor(devicePixelRatio, iPhone);
  const effectiveWidth = Math.min(elementWidth, MAX_LAYOUT_WIDTH) * ratio;
  return { rootFontPx: effectiveWidth / 10, bodyFontPx: BASE_FONT_PX * ratio, ratio };
}
