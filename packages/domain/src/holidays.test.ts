import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from './time.ts';
import { addWorkingDays, easterSunday, isWorkingDay, regularHolidays } from './holidays.ts';

describe('BE-14 Philippine working days', () => {
  it('Easter Sunday by the computus', () => {
    expect(['2024', '2025', '2026', '2027', '2028'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
    ]);
  });

  it('the regular holidays of 2026: Holy Week from Easter, National Heroes Day on the last Monday of August', () => {
    expect(regularHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-09',
      '2026-05-01',
      '2026-06-12',
      '2026-08-31',
      '2026-11-30',
      '2026-12-25',
      '2026-12-30',
    ]);
    expect(regularHolidays(2027)).toContain('2027-08-30');
  });

  it('weekends, regular holidays and configured days are not working days', () => {
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-30')).toBe(false); // Bonifacio Day
    expect(isWorkingDay('2026-12-08')).toBe(true);
    expect(isWorkingDay('2026-12-08', ['2026-12-08'])).toBe(false);
  });

  it('n working days later is a working day, with exactly n working days after the start', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3_000 }).map((i) => addDays('2025-01-01', i)),
        fc.integer({ min: 1, max: 15 }),
        (from, n) => {
          const to = addWorkingDays(from, n);
          expect(isWorkingDay(to)).toBe(true);
          let count = 0;
          for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (isWorkingDay(d)) count += 1;
          expect(count).toBe(n);
        },
      ),
    );
  });
});
