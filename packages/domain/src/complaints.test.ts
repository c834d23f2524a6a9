import { describe, expect, it } from 'vitest';
import {
  complaintEscalation,
  complaintDeadline,
  complaintNoticeText,
  complaintTicketNumber,
} from './complaints.ts';
import { complaintRequest, consoleComplaintProgress } from './contracts/complaints.ts';
import { LOCALES } from './locale.ts';

describe('BE-11 complaintDeadline', () => {
  it('BE-11 promises 30 calendar days from the Manila date of filing by default', () => {
    expect(complaintDeadline(new Date('2026-11-25T03:00:00Z'))).toBe('2026-12-25');
    // 23:30 UTC on 30 Nov is already 1 Dec in Manila
    expect(complaintDeadline(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-31');
    // across February and the year end
    expect(complaintDeadline(new Date('2028-02-01T00:00:00Z'))).toBe('2028-03-02');
    expect(complaintDeadline(new Date('2026-12-15T10:00:00Z'))).toBe('2027-01-14');
  });
  it('BE-11 the number of days is configurable, and must be a whole number of at least 1', () => {
    expect(complaintDeadline(new Date('2026-11-25T03:00:00Z'), 15)).toBe('2026-12-10');
    expect(() => complaintDeadline(new Date(), 0)).toThrow(RangeError);
    expect(() => complaintDeadline(new Date(), 1.5)).toThrow(RangeError);
  });
  it('BE-11 ticket numbers are PN-C-<Manila year>-<six digits>', () => {
    expect(complaintTicketNumber(new Date('2026-12-31T16:30:00Z'), 123)).toBe('PN-C-2027-000123');
    expect(complaintTicketNumber(new Date('2026-06-01T00:00:00Z'), 1_234_567n)).toBe('PN-C-2026-1234567');
  });
  it('BE-11 the escalation path names the SEC in every language; notices fit the message centre', () => {
    for (const locale of LOCALES) expect(complaintEscalation(locale)).toContain('SEC');
    const long = complaintNoticeText('resolved', 'PN-C-2026-000001', 'x'.repeat(1000));
    for (const t of Object.values(long)) {
      expect(t.body.length).toBeLessThanOrEqual(1000);
      expect(t.title.length).toBeLessThanOrEqual(80);
    }
  });
  it('BE-11 contracts: closed category list, 10–2000 characters, a resolution needs an answer', () => {
    expect(complaintRequest.safeParse({ category: 'other', description: 'long enough text' }).success).toBe(
      true,
    );
    expect(complaintRequest.safeParse({ category: 'nope', description: 'long enough text' }).success).toBe(
      false,
    );
    expect(complaintRequest.safeParse({ category: 'other', description: ' short  ' }).success).toBe(false);
    expect(consoleComplaintProgress.safeParse({ status: 'resolved' }).success).toBe(false);
    expect(consoleComplaintProgress.safeParse({ status: 'resolved', response: 'Refunded.' }).success).toBe(
      true,
    );
    expect(consoleComplaintProgress.safeParse({ status: 'escalated', response: 'x' }).success).toBe(false);
  });
});
