import {
  EASY_RELOAN_ACTIVATION_VOUCHER,
  EASY_RELOAN_AGREEMENT_VERSION,
  EASY_RELOAN_DISCOUNT,
  EASY_RELOAN_REWARD_LADDER,
  formatPeso,
  type Locale,
} from '@pisonow/domain';
import { translate } from '@pisonow/domain/catalogue/all';

/**
 * The Easy Re-loan agreement (ST-08, VAL-12), in the borrower's language. It states what the
 * switch does before the borrower agrees: the next loan is booked and paid out without asking again,
 * on a fresh credit check and a fresh disclosure statement, and how to stop it. The figures come
 * from the domain's constants, so the text cannot promise other rewards than the rules grant; the
 * words from the catalogue (`documents:easyReloanAgreement.*`).
 */
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Figures = {
  voucher: string;
  ladder: string;
  last: string;
  discount: string;
  company: string;
};

/** The agreement's clauses, in order (`documents:easyReloanAgreement.clauses.*`). */
const CLAUSES = ['autoBook', 'creditCheck', 'cancel', 'rewards', 'switchOff', 'privacy'];

export function easyReloanAgreement(locale: Locale, company: string): { version: string; html: string } {
  const t = (key: string, vars?: Figures) => translate(locale, `documents:easyReloanAgreement.${key}`, vars);
  const title = t('title');
  const peso = (c: bigint) => formatPeso(c);
  const figures: Figures = {
    voucher: peso(EASY_RELOAN_ACTIVATION_VOUCHER),
    ladder: EASY_RELOAN_REWARD_LADDER.slice(0, -1).map(peso).join(', '),
    last: peso(EASY_RELOAN_REWARD_LADDER.at(-1)!),
    discount: peso(EASY_RELOAN_DISCOUNT),
    company,
  };
  const clauses = CLAUSES.map((c) => `<li>${esc(t(`clauses.${c}`, figures))}</li>`).join('');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><article><h1>${esc(title)}</h1><p>${esc(EASY_RELOAN_AGREEMENT_VERSION)}</p><ol>${clauses}</ol></article></body></html>`;
  return { version: EASY_RELOAN_AGREEMENT_VERSION, html };
}
