import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, manilaDate, MANILA_OFFSET_MS } from './time.ts';

// What the functions computed before they read and wrote dates by hand (issue 8): the results must
// be these, to the day, for every input.
const DAY_MS = 86_400_000;
const was = {
  manilaDate: (at: Date) => new Date(at.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10),
  addDays: (isoDate: string, n: number) =>
    new Date(Date.parse(`${isoDate}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10),
  daysBetween: (from: string, to: string) =>
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS),
};

describe('calendar dates (Manila): the same answers as Date.parse and toISOString', () => {
  it('every day from 1900 to 2200, and instants around each Manila midnight', () => {
    const start = Date.UTC(1900, 0, 1);
    const end = Date.UTC(2200, 11, 31);
    let previous = '1899-12-31';
    for (let t = start; t <= end; t += DAY_MS) {
      const iso = new Date(t).toISOString().slice(0, 10);
      for (const at of [t - MANILA_OFFSET_MS - 1, t - MANILA_OFFSET_MS, t, t + 12_345_678]) {
        if (manilaDate(new Date(at)) !== was.manilaDate(new Date(at)))
          expect(manilaDate(new Date(at))).toBe(was.manilaDate(new Date(at)));
      }
      if (addDays(iso, 1) !== was.addDays(iso, 1)) expect(addDays(iso, 1)).toBe(was.addDays(iso, 1));
      if (addDays(iso, -400) !== was.addDays(iso, -400))
        expect(addDays(iso, -400)).toBe(was.addDays(iso, -400));
      if (daysBetween(previous, iso) !== 1) expect(daysBetween(previous, iso)).toBe(1);
      if (daysBetween(iso, '2026-11-27') !== was.daysBetween(iso, '2026-11-27'))
        expect(daysBetween(iso, '2026-11-27')).toBe(was.daysBetween(iso, '2026-11-27'));
      previous = iso;
    }
  });

  it('dates that are not plain YYYY-MM-DD, or out of range, answer as before (NaN, overflow, far years)', () => {
    const odd = [
      '2026-02-30', // Date.parse rolls it over to 2 March
      '2026-04-31',
      '2026-02-29',
      '2024-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-01-32',
      '2026-1-01',
      'abcd-ef-gh',
      '',
      '0000-01-01',
      '0050-06-15',
      '0999-12-31',
      '9999-12-31',
      '+012026-01-01',
      '2026-11-27T00:00:00Z',
    ];
    for (const a of odd) {
      expect(daysBetween(a, '2026-11-27')).toBe(was.daysBetween(a, '2026-11-27'));
      expect(daysBetween('2026-11-27', a)).toBe(was.daysBetween('2026-11-27', a));
      let expected: string | Error;
      try {
        expected = was.addDays(a, 3);
      } catch (e) {
        expected = e as Error;
      }
      if (expected instanceof Error) expect(() => addDays(a, 3)).toThrow(RangeError);
      else expect(addDays(a, 3)).toBe(expected);
    }
    for (const at of [
      Date.UTC(-5, 0, 1),
      Date.UTC(999, 11, 31, 20),
      Date.UTC(9999, 11, 31, 15),
      Date.UTC(10_000, 0, 1),
    ])
      expect(manilaDate(new Date(at))).toBe(was.manilaDate(new Date(at)));
  });
});
