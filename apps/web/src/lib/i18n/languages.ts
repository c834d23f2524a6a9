import { DEFAULT_LOCALE, LOCALES, pickLocale, type Locale } from '@pisonow/domain/locale';

/** SH-01: the language choice lives in its own localStorage entry, so a logout never touches it. */
export const LANGUAGE_KEY = 'language';

export const LANGUAGE_LABELS: Record<Locale, string> = {
  // Each language is named in itself, so a user can find their own in any UI language.
  'en-US': 'English',
  fil: 'Filipino',
  'zh-CN': '中文',
};

export { LOCALES, DEFAULT_LOCALE, type Locale };

/** English unless the user chose otherwise (the spec's default; no browser sniffing). */
export function storedLocale(storage: Pick<Storage, 'getItem'> | undefined): Locale {
  const stored = storage?.getItem(LANGUAGE_KEY);
  return stored && (LOCALES as readonly string[]).includes(stored) ? (stored as Locale) : DEFAULT_LOCALE;
}

export function toLocale(language: string | undefined): Locale {
  return (LOCALES as readonly string[]).includes(language ?? '')
    ? (language as Locale)
    : pickLocale(language);
}
