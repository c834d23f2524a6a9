import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the current locale before the languages have started (issue 9, SH-01)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  // in this order: i18next is one instance for the file, and the second test starts it
  it('is the default with nothing stored, or storage blocked', async () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('blocked');
      },
    });
    const { currentLocale } = await import('./index.ts');
    expect(currentLocale()).toBe('en-US');
  });

  it("is the borrower's stored language: a cold start's first-data requests ask in it (they asked in English)", async () => {
    vi.stubGlobal('window', { localStorage: { getItem: (k: string) => (k === 'language' ? 'fil' : null) } });
    vi.stubGlobal('document', { documentElement: { lang: 'en-US' } });
    const { currentLocale, initI18n } = await import('./index.ts');
    expect(currentLocale()).toBe('fil');
    await initI18n();
    expect(currentLocale()).toBe('fil');
  });
});
