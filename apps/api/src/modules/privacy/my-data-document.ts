import { DATA_CATEGORIES, type Locale } from '@pisonow/domain';
import { translate } from '@pisonow/domain/catalogue/all';
import { esc, page } from '../orders/loan-documents.ts';
import type { MyDataExport } from './export-my-data.ts';

/**
 * The readable copy of "download my data" (BE-12): the same export as the JSON, grouped by
 * category with headings in the borrower's language, each record as a field/value table. Long
 * texts (the signed documents) are shortened here; the JSON copy carries them whole. The words are
 * the catalogue's `documents:myData.*`.
 */
type Text = (key: string, vars?: Record<string, unknown>) => string;

const LIMIT = 300;

function cell(value: unknown, t: Text): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > LIMIT ? `${text.slice(0, LIMIT)}… ${t('shortened', { count: text.length })}` : text;
}

export function myDataHtml(data: MyDataExport, locale: Locale, date: string): string {
  const t: Text = (key, vars) => translate(locale, `documents:myData.${key}`, vars);
  const sections = DATA_CATEGORIES.map((category) => {
    const tables = data.tables.filter((x) => x.category === category && x.rows.length > 0);
    const body = tables.length
      ? tables
          .map(
            (x) =>
              `<h3>${esc(x.name)} · ${esc(t('records', { count: x.rows.length }))}</h3>\n` +
              x.rows
                .map(
                  (row) =>
                    `<table>${Object.entries(row)
                      .map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(cell(v, t))}</td></tr>`)
                      .join('')}</table>`,
                )
                .join('\n'),
          )
          .join('\n')
      : `<p>${esc(t('none'))}</p>`;
    return `<h2>${esc(t(`categories.${category}`))}</h2>\n${body}`;
  }).join('\n');
  return page(
    t('title'),
    `<p>${esc(t('intro', { date }))}</p>\n${sections}\n<h2>${esc(t('withheldTitle'))}</h2>\n<p>${esc(t('withheld'))}</p>`,
    locale,
  );
}
