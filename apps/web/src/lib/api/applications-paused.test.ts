import { describe, expect, it } from 'vitest';
import { toApiError } from './client.ts';
import { errorText } from './error-text.ts';
// the web app registers a language's messages when it loads that language; here, all of them
import '@pisonow/domain/catalogue/all';

/**
 * Issue 11: while an admin has paused new applications, the submit answers APPLICATIONS_PAUSED; the
 * review panel's toast (`showError`) shows the catalogue message in the borrower's language.
 */
describe('issue 11 paused applications in the borrower app', () => {
  it('SH-01 the submit refusal reads in each of the three languages', () => {
    const refused = toApiError(503, { code: 'APPLICATIONS_PAUSED', message: 'server text' });
    expect(errorText(refused, 'en-US')).toBe(
      'We are not accepting new applications right now. Please try again later.',
    );
    expect(errorText(refused, 'fil')).toBe(
      'Hindi kami tumatanggap ng mga bagong aplikasyon sa ngayon. Pakisubukang muli mamaya.',
    );
    expect(errorText(refused, 'zh-CN')).toBe('我们目前暂停受理新申请，请稍后再试。');
  });
});
