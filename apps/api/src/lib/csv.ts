/**
 * One CSV field (RFC 4180) that a spreadsheet opens as text, never as a formula: a leading = + - @,
 * tab or CR is prefixed with ' (a quoted cell still runs as a formula). A plain number (-1234.50, a
 * credit; +639171234567, a phone) stays as it is: digits alone run nothing. Objects are written as
 * JSON. Every CSV the server makes (reports, the audit export, the AMLC report) goes through here,
 * because some cells hold what a borrower typed.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (!/^[+-]?\d+(\.\d+)?$/.test(text) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
