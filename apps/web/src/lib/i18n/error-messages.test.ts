import { describe, expect, it } from 'vitest';
import { errorMessage } from '@pisonow/domain/errors';
import { i18n, loadLanguage } from './index.ts';

/**
 * Issue 9 / ER-02: the login page carries the error messages in English only; a language's own
 * messages arrive with its catalogues (the same load the router awaits before a page shows).
 */
describe('ER-02 error messages load with their language', () => {
  it('ER-02 Filipino and Chinese messages are registered by loadLanguage', async () => {
    await i18n.init({ lng: 'en-US', resources: {} }); // no DOM here: i18next alone
    await loadLanguage('fil');
    await loadLanguage('zh-CN');
    expect(errorMessage('OTP_INCORRECT', 'fil')).not.toBe(errorMessage('OTP_INCORRECT', 'en-US'));
    expect(errorMessage('OTP_INCORRECT', 'zh-CN')).toMatch(/[\u4e00-\u9fff]/);
  });
});
