/**
 * The loan documents are HTML the server writes itself (loan-documents.ts, statement-documents.ts)
 * in a small, fixed vocabulary: a title, headings, paragraphs, label/value table rows and numbered
 * list items. This reads that vocabulary back into blocks for the PDF renderer, so the PDF of a
 * signed document carries exactly the text that was signed (the HTML is what is hashed and kept).
 * It is not a general HTML parser and does not need to be one.
 */
export type DocumentBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  /** a table row; `header` when every cell is a <th> (a column heading row) */
  | { kind: 'row'; cells: string[]; header: boolean }
  | { kind: 'item'; number: number; text: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Tags out, entities decoded, white space collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

export function documentBlocks(html: string): DocumentBlock[] {
  const blocks: DocumentBlock[] = [];
  let item = 0;
  // one pass over the block-level elements in document order; <ol> restarts the numbering
  const pattern = /<(ol)\b[^>]*>|<(h1|h2|h3|p|tr|li)\b[^>]*>([\s\S]*?)<\/\2>/gi;
  for (const match of html.matchAll(pattern)) {
    if (match[1]) {
      item = 0;
      continue;
    }
    const tag = match[2]!.toLowerCase();
    const inner = match[3]!;
    if (tag === 'h1') blocks.push({ kind: 'title', text: textOf(inner) });
    else if (tag === 'h2' || tag === 'h3') blocks.push({ kind: 'heading', text: textOf(inner) });
    else if (tag === 'p') blocks.push({ kind: 'paragraph', text: textOf(inner) });
    else if (tag === 'li') blocks.push({ kind: 'item', number: ++item, text: textOf(inner) });
    else {
      const cells = [...inner.matchAll(/<(th|td)\b[^>]*>([\s\S]*?)<\/\1>/gi)];
      if (cells.length === 0) continue;
      blocks.push({
        kind: 'row',
        cells: cells.map((c) => textOf(c[2]!)),
        header: cells.every((c) => c[1]!.toLowerCase() === 'th'),
      });
    }
  }
  return blocks.filter((b) => b.kind === 'row' || b.text !== '');
}
