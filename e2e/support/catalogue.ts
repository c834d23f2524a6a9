import enErrors from '../../packages/domain/src/catalogue/en-US/errors.json' with { type: 'json' };
import enHome from '../../packages/domain/src/catalogue/en-US/home.json' with { type: 'json' };
import enLabels from '../../packages/domain/src/catalogue/en-US/labels.json' with { type: 'json' };
import enLending from '../../packages/domain/src/catalogue/en-US/lending.json' with { type: 'json' };
import enServicing from '../../packages/domain/src/catalogue/en-US/servicing.json' with { type: 'json' };
import filErrors from '../../packages/domain/src/catalogue/fil/errors.json' with { type: 'json' };
import filHome from '../../packages/domain/src/catalogue/fil/home.json' with { type: 'json' };
import filLabels from '../../packages/domain/src/catalogue/fil/labels.json' with { type: 'json' };
import filLending from '../../packages/domain/src/catalogue/fil/lending.json' with { type: 'json' };
import filServicing from '../../packages/domain/src/catalogue/fil/servicing.json' with { type: 'json' };
import zhErrors from '../../packages/domain/src/catalogue/zh-CN/errors.json' with { type: 'json' };
import zhHome from '../../packages/domain/src/catalogue/zh-CN/home.json' with { type: 'json' };
import zhLabels from '../../packages/domain/src/catalogue/zh-CN/labels.json' with { type: 'json' };
import zhLending from '../../packages/domain/src/catalogue/zh-CN/lending.json' with { type: 'json' };
import zhServicing from '../../packages/domain/src/catalogue/zh-CN/servicing.json' with { type: 'json' };

/**
 * The texts a journey expects, read from the one catalogue the app renders (packages/domain/src/
 * catalogue, issue 10) rather than copied into the test: a page that fell back to English, or
 * picked the wrong plural form, shows something else than `text(lang, key)`. The e2e package does
 * not depend on the domain or i18next, so the few rules the app's i18next applies are repeated
 * here: `ns:a.b` keys, `{{name}}` placeholders, and `key_one` / `key_other` chosen by the language's
 * Intl.PluralRules (what i18next does for `count`).
 */
export type Lang = 'en-US' | 'fil' | 'zh-CN';

const catalogues: Record<Lang, Record<string, unknown>> = {
  'en-US': { errors: enErrors, home: enHome, labels: enLabels, lending: enLending, servicing: enServicing },
  fil: { errors: filErrors, home: filHome, labels: filLabels, lending: filLending, servicing: filServicing },
  'zh-CN': { errors: zhErrors, home: zhHome, labels: zhLabels, lending: zhLending, servicing: zhServicing },
};

function lookup(lang: Lang, key: string): string | undefined {
  const [ns, path] = key.split(':') as [string, string];
  let node: unknown = catalogues[lang][ns];
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/** `text('fil', 'labels:order.overdue', { count: 3 })` → "Lampas na ng 3 araw". Throws on a missing key. */
export function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const count = values.count;
  const template =
    (typeof count === 'number'
      ? lookup(lang, `${key}_${new Intl.PluralRules(lang).select(count)}`)
      : undefined) ?? lookup(lang, key);
  if (template === undefined) throw new Error(`no ${key} in the ${lang} catalogue`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** A Manila calendar date as the pages write it in `lang` ("Dec 7, 2026", "2026年12月7日"; clarity item 7). */
export function localDate(lang: Lang, isoDate: string): string {
  return new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}
