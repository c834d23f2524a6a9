/** The signature pad's canvas: 3:1, small enough that the PNG stays far under the server's limit. */
export const SIGNATURE_WIDTH = 600;
export const SIGNATURE_HEIGHT = 200;
/** What the page accepts before sending (the server's contract allows ~200 kB of PNG). */
export const SIGNATURE_MAX_BYTES = 200_000;
/** A scribble shorter than this (in canvas px of ink) is not a signature. */
export const SIGNATURE_MIN_INK = 40;

const PREFIX = 'data:image/png;base64,';

/** Decoded size in bytes of a base64 PNG data URL (no decoding needed). */
export function dataUrlBytes(dataUrl: string): number {
  if (!dataUrl.startsWith(PREFIX)) return Number.POSITIVE_INFINITY;
  const b64 = dataUrl.slice(PREFIX.length);
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

/** ST-07: a PNG data URL of at most SIGNATURE_MAX_BYTES, well-formed as the server's contract wants it. */
export function isAcceptableSignature(dataUrl: string | null | undefined): dataUrl is string {
  if (!dataUrl || !/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/.test(dataUrl)) return false;
  return dataUrlBytes(dataUrl) <= SIGNATURE_MAX_BYTES;
}

/** Length of a stroke path in canvas px: a tap or a dot is not a signature. */
export function inkLength(points: readonly { x: number; y: number }[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    total += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return total;
}

/** Maps a pointer position on the displayed canvas (CSS px) to canvas px. */
export function toCanvasPoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
): { x: number; y: number } {
  const x = ((clientX - rect.left) / (rect.width || 1)) * SIGNATURE_WIDTH;
  const y = ((clientY - rect.top) / (rect.height || 1)) * SIGNATURE_HEIGHT;
  return { x: Math.min(SIGNATURE_WIDTH, Math.max(0, x)), y: Math.min(SIGNATURE_HEIGHT, Math.max(0, y)) };
}

/** What still blocks Submit on /loan (VAL-12, ST-07), as an error code; null when it may be sent. */
export function submitBlocker(input: {
  agreeAgreement: boolean;
  agreeSanction: boolean;
  needsSignature: boolean;
  signature: string | null;
}): 'AGREEMENTS_REQUIRED' | 'SIGNATURE_REQUIRED' | null {
  if (!input.agreeAgreement || !input.agreeSanction) return 'AGREEMENTS_REQUIRED';
  if (input.needsSignature && !isAcceptableSignature(input.signature)) return 'SIGNATURE_REQUIRED';
  return null;
}
