import { csvCell } from '../../lib/csv.ts';

// CSV for the BE-15 reports (RFC 4180, CRLF); every field goes through csvCell (never a formula).

/** Centavos as pesos with two decimals (-12345n → "-123.45"), for spreadsheets. */
export function pesos(centavos: bigint | string): string {
  const c = BigInt(centavos);
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Sections of rows, a blank line between them; the first row of a section is its header. */
export function toCsv(sections: readonly (readonly (readonly unknown[])[])[]): string {
  const lines: string[] = [];
  sections.forEach((rows, i) => {
    if (i > 0) lines.push('');
    for (const row of rows) lines.push(row.map(csvCell).join(','));
  });
  return `${lines.join('\r\n')}\r\n`;
}
