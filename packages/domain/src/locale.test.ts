import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale.ts';
import { ERROR_CODES, errorMessage } from './errors.ts';
import { RESOURCES } from './catalogue/resources.ts';
import './catalogue/all.ts';
import { manilaDayStart, nextManilaDayStart } from './time.ts';

describe('SH-01 languages', () => {
  it.each([
    [undefined, 'en-US'],
    ['', 'en-US'],
    ['fil', 'fil'],
    ['fil-PH,en;q=0.8', 'fil'],
    ['tl-PH', 'fil'],
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['ja,en-GB;q=0.5', 'en-US'],
    ['de', 'en-US'],
    ['en;q=0.1,fil;q=0.9', 'fil'],
  ])('SH-01 Accept-Language %s → %s', (header, locale) => expect(pickLocale(header)).toBe(locale));
});

describe('ER-01 ER-02 the one error table', () => {
  it('ER-01 every code has a message in the catalogue, and every message a code', () => {
    // the same keys in all three languages, none empty: catalogue/catalogue.test.ts
    const keys = Object.keys(RESOURCES['en-US']?.errors ?? {}).map((k) => k.replace(/_(one|other)$/, ''));
    expect([...new Set(keys)].sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });

  it('ER-01 the catalogue of section 8 is all there', () => {
    const catalogue = Object.entries(ERROR_CODES)
      .filter(([, v]) => v.catalogue)
      .map(([k]) => k);
    expect(catalogue).toEqual(
      expect.arrayContaining([
        'NETWORK',
        'SMS_TOO_FREQUENT',
        'SMS_DAILY_LIMIT',
        'SECURITY_LOCK',
        'OTP_INCORRECT',
        'PHOTO_RETAKE',
        'FACE_FAILED',
        'BANK_CARD_INCORRECT',
        'AUTH_INFO_PROBLEM',
        'WALLET_INVALID',
        'DISBURSEMENT_FAILED',
        'IDENTITY_FAILED',
        'OUTSTANDING_REPAYMENT',
        'TRY_TOMORROW',
        'RESUBMISSION_DATE',
        'BANK_CHANGE_MAINTENANCE',
        'CAPTCHA_REQUIRED',
        'COUPON_UNAVAILABLE',
        'ANDROID_UNSUPPORTED',
      ]),
    );
  });

  it('ER-01 placeholders are filled', () => {
    expect(errorMessage('RESUBMISSION_DATE', 'en-US', { date: '2026-12-01' })).toBe(
      'Resubmission allowed on 2026-12-01.',
    );
    expect(errorMessage('RESUBMISSION_DATE', 'zh-CN', { date: '2026-12-01' })).toContain('2026-12-01');
  });
});

describe('Manila calendar day (daily SMS cap)', () => {
  it('days start at 00:00 Asia/Manila (16:00 UTC)', () => {
    expect(manilaDayStart(new Date('2026-11-22T01:00:00Z')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(manilaDayStart(new Date('2026-11-22T15:59:59Z')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(manilaDayStart(new Date('2026-11-22T16:00:00Z')).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(nextManilaDayStart(new Date('2026-11-22T01:00:00Z')).toISOString()).toBe(
      '2026-11-22T16:00:00.000Z',
    );
  });
});
