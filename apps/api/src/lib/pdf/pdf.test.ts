import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { documentBlocks, textOf } from './document-blocks.ts';
import { wrapText } from './render-pdf.ts';

describe('BE-12 documents to PDF', () => {
  it('BE-12 reads our document vocabulary back in order: title, paragraphs, rows, numbered items', () => {
    const html = `<!doctype html><html lang="fil"><body><article><h1>Kasunduan &amp; Utang</h1>
<p>Unang <strong>talata</strong></p><table><tr><th scope="row">Principal</th><td>₱2,000.00</td></tr>
<thead><tr><th>Petsa</th><th>Balanse</th></tr></thead></table>
<ol><li>isa</li><li>dalawa</li></ol><ol><li>muli</li></ol><h2>Buod</h2></article></body></html>`;
    expect(documentBlocks(html)).toEqual([
      { kind: 'title', text: 'Kasunduan & Utang' },
      { kind: 'paragraph', text: 'Unang talata' },
      { kind: 'row', cells: ['Principal', '₱2,000.00'], header: false },
      { kind: 'row', cells: ['Petsa', 'Balanse'], header: true },
      { kind: 'item', number: 1, text: 'isa' },
      { kind: 'item', number: 2, text: 'dalawa' },
      { kind: 'item', number: 1, text: 'muli' },
      { kind: 'heading', text: 'Buod' },
    ]);
    expect(textOf('a&lt;b&gt; &quot;c&#39;')).toBe('a<b> "c\'');
  });

  it('BE-12 line breaking keeps every character and never runs past the margin (Latin and Chinese)', () => {
    const measure = (s: string) => [...s].length * 5; // 5 points a character
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom('word', 'salita', 'reference0123456789abcdef', '借款', '还款日为放款当日'),
            fc.constant(' '),
          ),
          {
            maxLength: 60,
          },
        ),
        fc.integer({ min: 20, max: 200 }),
        (parts, width) => {
          const text = parts.join('');
          const lines = wrapText(text, width, measure);
          for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(Math.max(width, 5));
          expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
        },
      ),
    );
  });
});
