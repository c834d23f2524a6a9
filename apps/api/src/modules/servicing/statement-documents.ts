import { BALANCE_PARTS, formatPeso, type Locale, type StatementOfAccount } from '@pisonow/domain';
import { translate } from '@pisonow/domain/catalogue/all';
import { esc, page, row } from '../orders/loan-documents.ts';

/**
 * The statement of account and the clearance letter (BE-12) as HTML in the borrower's language,
 * in the same small vocabulary as the signed documents (title, paragraphs, table rows), so the
 * same PDF renderer prints all of them. Pure: the figures come from `statementOfAccount`, the words
 * from the catalogue (`documents:statement.*`, `documents:clearance.*`).
 */
export interface StatementHeader {
  company: { name: string; secRegistrationNo: string };
  borrower: { name: string; phone: string };
  orderId: string;
  /** the Manila date the statement is made */
  asOf: string;
  disbursedOn: string | null;
  dueDate: string | null;
  principal: bigint;
  netProceeds: bigint;
}

const amount = (centavos: bigint) => (centavos === 0n ? '' : formatPeso(centavos));

export function statementOfAccountHtml(
  statement: StatementOfAccount,
  header: StatementHeader,
  locale: Locale,
): string {
  const t = (key: string) => translate(locale, `documents:statement.${key}`);
  const columns = ['date', 'transaction', 'charged', 'credited', 'balance'];
  const history =
    statement.lines.length === 0
      ? `<p>${esc(t('noHistory'))}</p>`
      : `<table>
<thead><tr>${columns.map((c) => `<th scope="col">${esc(t(`columns.${c}`))}</th>`).join('')}</tr></thead>
<tbody>
${statement.lines
  .map(
    (l) =>
      `<tr data-type="${l.type}"><td>${esc(l.businessDate)}</td><td>${esc(t(`types.${l.type}`))}</td><td>${esc(amount(l.charged))}</td><td>${esc(amount(l.credited))}</td><td>${esc(formatPeso(l.totalAfter))}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`;
  return page(
    t('title'),
    `<p>${esc(t('intro'))}</p>
<p>${esc(header.company.name)} · SEC Reg. No. ${esc(header.company.secRegistrationNo)}</p>
<p>${esc(t('borrower'))}: ${esc(header.borrower.name)} · ${esc(header.borrower.phone)} · ${esc(t('order'))} ${esc(header.orderId)} · ${esc(t('asOf'))} ${esc(header.asOf)}</p>
<table>
${row(t('principal'), formatPeso(header.principal))}
${row(t('netProceeds'), formatPeso(header.netProceeds))}
${header.disbursedOn ? row(t('disbursedOn'), header.disbursedOn) : ''}
${header.dueDate ? row(t('dueDate'), header.dueDate) : ''}
</table>
<h2>${esc(t('summary'))}</h2>
<table data-part="summary">
${row(t('totalCharged'), formatPeso(statement.totalCharged))}
${row(t('totalCredited'), formatPeso(statement.totalCredited))}
${BALANCE_PARTS.map((part) => row(t(`parts.${part}`), formatPeso(statement.closing[part]))).join('\n')}
${row(t('outstanding'), formatPeso(statement.closingTotal))}
</table>
<h2>${esc(t('history'))}</h2>
${history}
<p>${esc(t('footnote'))}</p>`,
    locale,
  );
}

export interface ClearanceFacts {
  company: { name: string; secRegistrationNo: string; certificateOfAuthorityNo: string };
  borrower: { name: string; phone: string };
  orderId: string;
  principal: bigint;
  disbursedOn: string;
  /** the Manila date the last payment made the balance zero */
  settledOn: string;
  totalPaid: bigint;
  /** the Manila date the letter is issued */
  issuedOn: string;
}

export function clearanceLetterHtml(f: ClearanceFacts, locale: Locale): string {
  const t = (key: string, vars?: Record<string, string>) =>
    translate(locale, `documents:clearance.${key}`, vars);
  const body = t('body', {
    borrower: f.borrower.name,
    phone: f.borrower.phone,
    orderId: f.orderId,
    principal: formatPeso(f.principal),
    disbursedOn: f.disbursedOn,
    settledOn: f.settledOn,
    totalPaid: formatPeso(f.totalPaid),
  });
  return page(
    t('title'),
    `<p>${esc(f.company.name)} · SEC Reg. No. ${esc(f.company.secRegistrationNo)} · Certificate of Authority No. ${esc(f.company.certificateOfAuthorityNo)}</p>
<p data-part="certification">${esc(body)}</p>
<p data-part="issued">${esc(t('issued', { date: f.issuedOn, company: f.company.name }))}</p>`,
    locale,
  );
}
