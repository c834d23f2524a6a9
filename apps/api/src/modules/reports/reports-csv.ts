/**
 * CSV for the BE-15 reports (RFC 4180, CRLF). A cell that a spreadsheet could run as a formula
 * (leading = + - @, tab or CR) is prefixed with ' the way the audit export does it; a plain number
 * (e.g. -1234.50, a credit) is a number, not a formula, and stays as it is.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
