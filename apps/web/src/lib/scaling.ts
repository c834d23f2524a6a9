import { computeScaling, RESIZE_DEBOUNCE_MS, type Scaling } from '@pisonow/domain/scaling';
import { isIPhoneLike, layoutFor } from '@pisonow/domain/user-agent';

/**
 * SH-10, the lib-flexible scheme. On an iPhone with devicePixelRatio 3 the viewport is zoomed to
 * 1/3, so one CSS px is one physical pixel (true hairlines), and the root font size is scaled up by
 * the same ratio; CSS written in design px is converted to rem at build time (postcss-pxtorem,
 * 37.5 px = 1 rem), so every page keeps the 375-px design proportions at any width.
 *
 * On desktop the app runs in a phone-width column (SH-02); the column is exactly 10 rem wide and
 * the root font follows the column, not the window, so nothing is drawn 1.4x too large.
 */
export const DESKTOP_COLUMN_PX = 420;

export interface ScalingSnapshot extends Scaling {
  devicePixelRatio: number;
  /** the width (device-independent px) the root font was computed from */
  elementWidth: number;
  layout: 'mobile' | 'desktop';
}

let snapshot: ScalingSnapshot | undefined;

export function scalingSnapshot(): ScalingSnapshot | undefined {
  return snapshot;
}

function setViewport(ratio: number): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'viewport';
    document.head.append(meta);
  }
  const scale = 1 / ratio;
  meta.content = `width=device-width, initial-scale=${scale}, maximum-scale=${scale}, minimum-scale=${scale}, user-scalable=no, viewport-fit=cover`;
}

function apply(ratio: number, layout: 'mobile' | 'desktop', iPhone: boolean): void {
  const docEl = document.documentElement;
  // CSS px of the layout viewport / ratio = device-independent px (the zoom is 1/ratio).
  const cssWidth = docEl.getBoundingClientRect().width || window.innerWidth;
  const deviceWidth = cssWidth / ratio;
  const elementWidth = layout === 'desktop' ? Math.min(deviceWidth, DESKTOP_COLUMN_PX) : deviceWidth;
  const scaling = computeScaling(elementWidth, window.devicePixelRatio || 1, iPhone);
  docEl.style.fontSize = `${scaling.rootFontPx}px`;
  docEl.dataset.dpr = String(scaling.ratio);
  if (document.body) document.body.style.fontSize = `${scaling.bodyFontPx}px`;
  snapshot = { ...scaling, devicePixelRatio: window.devicePixelRatio || 1, elementWidth, layout };
}

/** Runs once before the first render, then on resize and on a back-forward-cache pageshow (debounced 300 ms). */
export function installScaling(): void {
  const ua = navigator.userAgent;
  const layout = layoutFor(ua);
  const iPhone = isIPhoneLike(ua);
  const { ratio } = computeScaling(0, window.devicePixelRatio || 1, iPhone);
  setViewport(ratio);
  apply(ratio, layout, iPhone);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => apply(ratio, layout, iPhone), RESIZE_DEBOUNCE_MS);
  };
  window.addEventListener('resize', schedule);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) schedule();
  });
  if (!document.body)
    document.addEventListener('DOMContentLoaded', () => apply(ratio, layout, iPhone), { once: true });
}
