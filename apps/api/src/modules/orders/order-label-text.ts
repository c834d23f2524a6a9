import { orderLabelText, type Locale, type OrderLabel } from '@pisonow/domain';
// the server's catalogue, loaded before any text is cached: without it a lookup answers the raw key,
// which the cache would then keep for good
import '@pisonow/domain/catalogue/all';

/** 3 languages × 7 labels × a year and more of days, with room to spare */
const CACHE_SIZE = 10_000;
const texts = new Map<string, string>();

/**
 * The ST-01 label's text, looked up once per language, label and day count: the home screen asks
 * for it on every request, and a plural lookup in i18next is the costliest part of building it.
 * Here, not in the domain, because the server holds every catalogue from the start; the web loads
 * them lazily and must not keep a text looked up before its namespace arrived.
 */
export function cachedOrderLabelText(label: OrderLabel, locale: Locale): string {
  const key = `${locale}|${label.key}|${'days' in label ? label.days : ''}`;
  let text = texts.get(key);
  if (text === undefined) {
    if (texts.size >= CACHE_SIZE) texts.clear();
    text = orderLabelText(label, locale);
    texts.set(key, text);
  }
  return text;
}
