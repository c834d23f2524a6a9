import { describe, expect, it } from 'vitest';
import { supportOpenAt } from './support-hours.ts';

describe('support hours (CO-04)', () => {
  it('CO-04 open every day 09:00–18:00 Manila time, whatever the phone time zone', () => {
    expect(supportOpenAt(new Date('2026-11-22T00:59:59Z'))).toBe(false); // 08:59 Manila, a Sunday
    expect(supportOpenAt(new Date('2026-11-22T01:00:00Z'))).toBe(true); // 09:00
    expect(supportOpenAt(new Date('2026-11-22T09:59:59Z'))).toBe(true); // 17:59
    expect(supportOpenAt(new Date('2026-11-22T10:00:00Z'))).toBe(false); // 18:00
    expect(supportOpenAt(new Date('2026-11-22T16:00:00Z'))).toBe(false); // 00:00
  });
});
