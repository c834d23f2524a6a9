/** The share of the photo sent so far, 0 … 1 (an unknown total gives 0: the bar waits, never jumps). */
export function uploadShare(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(1, Math.max(0, loaded / total));
}
