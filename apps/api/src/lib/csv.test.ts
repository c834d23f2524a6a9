import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.ts';

describe('csvCell: a CSV field a spreadsheet opens as text, never as a formula', () => {
  it('BE-08 BE-14 a leading = + - @ tab or CR is prefixed with a quote; quoting alone would still run it', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const lead of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${lead}1+1`).replace(/^"/, '')).toMatch(/^'/);
  });
  it('numbers stay numbers (a credit is -1234.50), text with commas is quoted, nothing is empty', () => {
    expect(csvCell('-1234.50')).toBe('-1234.50');
    expect(csvCell('+639171234567')).toBe('+639171234567'); // a phone as the AMLC report writes it
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell('Makati, Metro Manila')).toBe('"Makati, Metro Manila"');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ reason: 'x' })).toBe('"{""reason"":""x""}"');
  });
});
