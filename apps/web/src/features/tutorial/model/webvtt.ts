/** One caption of a WebVTT file: when it shows (seconds) and what it says. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIMING = /^((?:\d+:)?\d{1,2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}\.\d{3})/;

/** `00:01:02.500` or `01:02.500` → seconds. */
export function vttSeconds(stamp: string): number {
  const parts = stamp.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * The cues of a WebVTT file, in order: the transcript under the tutorial is the captions file
 * itself, so the two can never say different things. Cue identifiers, NOTE/STYLE/REGION blocks,
 * cue settings and markup tags (`<b>`, `<v Speaker>`) are dropped; a file without the WEBVTT
 * signature gives no cues.
 */
export function parseWebVtt(source: string): Cue[] {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t]|\n|$)/.test(text)) return [];
  const cues: Cue[] = [];
  for (const block of text.split(/\n{2,}/).slice(1)) {
    const lines = block.split('\n').filter((line) => line.length > 0);
    const timingAt = lines.findIndex((line) => TIMING.test(line));
    if (timingAt < 0 || timingAt > 1) continue; // NOTE, STYLE, REGION or a stray block
    const [, from, to] = TIMING.exec(lines[timingAt]!)!;
    const words = lines
      .slice(timingAt + 1)
      .map((line) => line.replace(/<[^>]*>/g, '').trim())
      .filter(Boolean)
      .join(' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&');
    if (words) cues.push({ start: vttSeconds(from!), end: vttSeconds(to!), text: words });
  }
  return cues;
}

/** `75.2` → `1:15`, the time shown beside each transcript line. */
export function clockOf(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
