import { describe, expect, it } from 'vitest';
import { formatDate } from './format.ts';

describe('formatDate (issue 9, clarity item 7)', () => {
  it('formats a calendar date in each language, never as 2026-12-07', () => {
    expect(formatDate('2026-12-07', 'en-US')).toBe('Dec 7, 2026');
    expect(formatDate('2026-12-07', 'zh-CN')).toBe('2026年12月7日');
    const fil = formatDate('2026-12-07', 'fil');
    expect(fil).toContain('2026');
    expect(fil).not.toBe('2026-12-07');
  });

  it('keeps the day whatever the time zone; leaves non-dates alone', () => {
    expect(formatDate('2026-01-01', 'en-US')).toBe('Jan 1, 2026');
    expect(formatDate('', 'en-US')).toBe('');
    expect(formatDate('soon', 'en-US')).toBe('soon');
  });
});
