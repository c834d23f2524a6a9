import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clockOf, parseWebVtt, vttSeconds } from './webvtt.ts';

const tutorialDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public/tutorial');

describe('tutorial captions (issue 10)', () => {
  it('reads cues with hours or without, drops identifiers, notes, settings and markup', () => {
    const vtt = [
      '\uFEFFWEBVTT - how to borrow',
      '',
      'NOTE written by the product team',
      '',
      'intro',
      '00:00.000 --> 00:03.500 align:start',
      '<v Guide>Hello &amp; <b>welcome</b></v>',
      'second line',
      '',
      '01:00:02.000 --> 01:00:04.000',
      'Later',
    ].join('\r\n');
    expect(parseWebVtt(vtt)).toEqual([
      { start: 0, end: 3.5, text: 'Hello & welcome second line' },
      { start: 3602, end: 3604, text: 'Later' },
    ]);
    expect(vttSeconds('00:01:15.250')).toBe(75.25);
    expect(clockOf(75.9)).toBe('1:15');
  });

  it('a file without the WEBVTT signature gives no cues', () => {
    expect(parseWebVtt('<!doctype html><p>not found</p>')).toEqual([]);
  });

  it('issue 10 the shipped captions exist in all three languages with the same timings', () => {
    const timings = ['en-US', 'fil', 'zh-CN'].map((lang) => {
      const cues = parseWebVtt(readFileSync(path.join(tutorialDir, `how-to-borrow.${lang}.vtt`), 'utf8'));
      expect(cues.length).toBeGreaterThan(0);
      return cues.map((c) => [c.start, c.end]);
    });
    expect(timings[1]).toEqual(timings[0]);
    expect(timings[2]).toEqual(timings[0]);
    // the tutorial video is 18 s long: the last caption ends with it
    expect(timings[0]!.at(-1)![1]).toBe(18);
  });
});
