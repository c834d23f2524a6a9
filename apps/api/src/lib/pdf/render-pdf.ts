import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { documentBlocks, type DocumentBlock } from './document-blocks.ts';

/**
 * Our documents as PDF (BE-12), in any of the three languages. Fonts ship inside npm packages
 * (nothing is downloaded at run time): DejaVu Sans for Latin text and the peso sign (₱, which the
 * CJK font lacks), Noto Sans SC for Chinese. Each character is drawn in the first font that has
 * it, and only the glyphs used are embedded, so an English statement is a few tens of kilobytes
 * and the 10 MB Chinese font is read only when a document needs it.
 */
const require = createRequire(import.meta.url);
const fontFile = (specifier: string) => () => readFileSync(require.resolve(specifier));
const FONT_FILES = {
  latin: fontFile('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  latinBold: fontFile('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  cjk: fontFile('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
};
type FontName = keyof typeof FONT_FILES;

const bytesCache = new Map<FontName, Buffer>();
function fontBytes(name: FontName): Buffer {
  let bytes = bytesCache.get(name);
  if (!bytes) {
    bytes = FONT_FILES[name]();
    bytesCache.set(name, bytes);
  }
  return bytes;
}

let latinCoverage: { hasGlyphForCodePoint(cp: number): boolean } | undefined;
/** Whether DejaVu draws this character (checked against the font itself, read once). */
function latinHas(codePoint: number): boolean {
  latinCoverage ??= fontkit.create(fontBytes('latin')) as unknown as {
    hasGlyphForCodePoint(cp: number): boolean;
  };
  return latinCoverage.hasGlyphForCodePoint(codePoint);
}

/**
 * Upstream fontkit 2 handed to pdf-lib in the shape pdf-lib expects. Not the @pdf-lib/fontkit
 * fork: the fork writes broken subsets of large TrueType fonts (a short `loca` table) and most
 * Chinese glyphs came out blank (pdf-lib issue 1232). fontkit 2's subset has `encode()` where
 * pdf-lib calls the old `encodeStream()`; this gives it one.
 */
interface FontkitSubset {
  encode(): Uint8Array;
  encodeStream?: () => EventEmitter;
}
const fontkitForPdfLib = {
  create(bytes: Uint8Array) {
    const font = fontkit.create(Buffer.from(bytes)) as unknown as { createSubset(): FontkitSubset };
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      subset.encodeStream = () => {
        const stream = new EventEmitter();
        queueMicrotask(() => {
          try {
            stream.emit('data', subset.encode());
            stream.emit('end');
          } catch (error) {
            stream.emit('error', error);
          }
        });
        return stream;
      };
      return subset;
    };
    return font;
  },
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];

const PAGE = { width: 595.28, height: 841.89, margin: 50 }; // A4 in points
const SIZE = { title: 16, heading: 12, body: 10, footer: 8 };
const LEADING = 1.4;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  cjk: PDFFont | null;
}

/** A run of text drawn in one font. */
interface Run {
  text: string;
  font: PDFFont;
}

function runsOf(text: string, base: PDFFont, fonts: Fonts): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const font = latinHas(char.codePointAt(0)!) || !fonts.cjk ? base : fonts.cjk;
    const last = runs.at(-1);
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

function widthOf(text: string, base: PDFFont, fonts: Fonts, size: number): number {
  return runsOf(text, base, fonts).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);
}

const CJK = /[\u3000-\u9fff\uff00-\uffef]/;

/**
 * Greedy line breaking: at spaces for Latin text, between any two characters for Chinese (which
 * has no spaces), and inside a word only when the word alone is wider than the line.
 */
export function wrapText(text: string, maxWidth: number, measure: (s: string) => number): string[] {
  const tokens: string[] = [];
  for (const part of text.split(/(\s+)/)) {
    if (part === '') continue;
    if (CJK.test(part)) tokens.push(...part.split(/(?=[\u3000-\u9fff\uff00-\uffef])/));
    else tokens.push(part);
  }
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    if (line.trim() !== '') lines.push(line.trim());
    line = '';
  };
  for (const token of tokens) {
    if (measure(line + token) <= maxWidth) {
      line += token;
      continue;
    }
    flush();
    if (/^\s+$/.test(token)) continue;
    if (measure(token) <= maxWidth) {
      line = token;
      continue;
    }
    // a word wider than the line (a long reference): cut it by characters
    for (const char of token) {
      if (measure(line + char) > maxWidth) flush();
      line += char;
    }
  }
  flush();
  return lines.length ? lines : [''];
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];

  private readonly pdf: PDFDocument;
  private readonly fonts: Fonts;

  constructor(pdf: PDFDocument, fonts: Fonts) {
    this.pdf = pdf;
    this.fonts = fonts;
    this.newPage();
  }

  private newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - PAGE.margin;
  }

  private ensure(height: number) {
    if (this.y - height < PAGE.margin + SIZE.footer * 2) this.newPage();
  }

  lines(text: string, opts: { x: number; width: number; size: number; bold?: boolean }): string[] {
    const base = opts.bold ? this.fonts.bold : this.fonts.regular;
    return wrapText(text, opts.width, (s) => widthOf(s, base, this.fonts, opts.size));
  }

  drawLine(text: string, x: number, y: number, size: number, bold = false) {
    const base = bold ? this.fonts.bold : this.fonts.regular;
    let cursor = x;
    for (const run of runsOf(text, base, this.fonts)) {
      this.page.drawText(run.text, { x: cursor, y, size, font: run.font, color: rgb(0.1, 0.1, 0.1) });
      cursor += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  /** A paragraph-like block: wrapped, moved to a new page line by line as needed. */
  text(text: string, size: number, opts: { bold?: boolean; indent?: number; gapAfter?: number } = {}) {
    const x = PAGE.margin + (opts.indent ?? 0);
    const width = PAGE.width - PAGE.margin - x;
    for (const line of this.lines(text, { x, width, size, bold: opts.bold ?? false })) {
      this.ensure(size * LEADING);
      this.y -= size * LEADING;
      this.drawLine(line, x, this.y, size, opts.bold);
    }
    this.y -= opts.gapAfter ?? size * 0.6;
  }

  /** A table row: the first cell a little wider; every cell wraps within its column. */
  row(cells: string[], header: boolean) {
    const usable = PAGE.width - 2 * PAGE.margin;
    const gap = 8;
    const widths =
      cells.length === 2
        ? [usable * 0.42, usable * 0.58]
        : cells.map((_, i) => (i === 0 ? usable * 0.16 : (usable * 0.84) / (cells.length - 1)));
    const size = SIZE.body;
    const wrapped = cells.map((cell, i) =>
      this.lines(cell, {
        x: 0,
        width: widths[i]! - gap,
        size,
        bold: header || (cells.length === 2 && i === 0),
      }),
    );
    const height = Math.max(...wrapped.map((l) => l.length)) * size * LEADING + 4;
    this.ensure(height);
    let x = PAGE.margin;
    wrapped.forEach((lines, i) => {
      lines.forEach((line, n) =>
        this.drawLine(
          line,
          x,
          this.y - (n + 1) * size * LEADING,
          size,
          header || (cells.length === 2 && i === 0),
        ),
      );
      x += widths[i]!;
    });
    this.y -= height;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y + 2 },
      end: { x: PAGE.width - PAGE.margin, y: this.y + 2 },
      thickness: 0.3,
      color: rgb(0.75, 0.75, 0.75),
    });
  }

  block(b: DocumentBlock) {
    switch (b.kind) {
      case 'title':
        return this.text(b.text, SIZE.title, { bold: true, gapAfter: 10 });
      case 'heading':
        return this.text(b.text, SIZE.heading, { bold: true, gapAfter: 4 });
      case 'paragraph':
        return this.text(b.text, SIZE.body);
      case 'item':
        return this.text(`${b.number}. ${b.text}`, SIZE.body, { indent: 10 });
      case 'row':
        return this.row(b.cells, b.header);
    }
  }

  footers(label: string) {
    this.pages.forEach((page, i) => {
      this.page = page;
      this.drawLine(`${label} · ${i + 1} / ${this.pages.length}`, PAGE.margin, PAGE.margin / 2, SIZE.footer);
    });
  }
}

/**
 * Renders one of our HTML documents as a PDF. `footer` is printed with the page numbers on every
 * page (the order id and, for a signed document, the hash of what was signed).
 */
export async function renderDocumentPdf(
  html: string,
  meta: { title?: string; footer: string; language: string },
): Promise<Uint8Array> {
  const blocks = documentBlocks(html);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkitForPdfLib);
  const everything =
    blocks.map((b) => (b.kind === 'row' ? b.cells.join(' ') : b.text)).join(' ') + meta.footer;
  const needsCjk = [...everything].some((c) => !latinHas(c.codePointAt(0)!));
  const fonts: Fonts = {
    regular: await pdf.embedFont(fontBytes('latin'), { subset: true }),
    bold: await pdf.embedFont(fontBytes('latinBold'), { subset: true }),
    cjk: needsCjk ? await pdf.embedFont(fontBytes('cjk'), { subset: true }) : null,
  };
  const title = meta.title ?? blocks.find((b) => b.kind === 'title')?.text ?? '';
  pdf.setTitle(title);
  pdf.setLanguage(meta.language);
  pdf.setProducer('PisoNow');
  pdf.setCreator('PisoNow');
  const writer = new Writer(pdf, fonts);
  for (const block of blocks) writer.block(block);
  writer.footers(meta.footer);
  return pdf.save();
}
