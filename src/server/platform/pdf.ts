import { createRequire } from 'node:module';
import { currentLocale } from './locale.ts';

// Every PDF Flock makes (receipts, giving statements, and later the pastors' appointment
// letters) goes through this one small API on top of pdfkit, so they share one look: the
// church's header, paragraphs, label/value facts, tables and signature lines. pdfkit is
// loaded on first use only (it is not needed to start the server).
//
// Text is set in Noto Sans (embedded, subset to the glyphs used): PDF's built-in fonts
// cannot write names such as "Ɔsei" or "Ɛfua".

const require = createRequire(import.meta.url);
const fontFile = (weight: '400Regular' | '700Bold') =>
  require.resolve(`@expo-google-fonts/noto-sans/${weight}/NotoSans_${weight}.ttf`);

export interface PdfColumn {
  header: string;
  align?: 'left' | 'right';
  /** Points, or a share of what is left (default: an equal share). */
  width?: number;
}

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; muted?: boolean }
  /** Label and value pairs, one per line (a receipt's details). */
  | { kind: 'facts'; items: [label: string, value: string][] }
  | { kind: 'table'; columns: PdfColumn[]; rows: string[][]; footer?: string[] }
  /** Lines to sign on, each with the name and role printed under it. */
  | { kind: 'signatures'; lines: { name?: string; role: string }[] };

export interface PdfDocumentSpec {
  /** The document's title (shown under the header and in the file's properties). */
  title: string;
  /** The church's header: its name in large type and a few lines under it. */
  header: { name: string; lines?: string[] };
  blocks: PdfBlock[];
  /** Small print at the bottom of the last page. */
  footer?: string;
}

const MARGIN = 50;
const INK = '#1d1b22';
const MUTED = '#5c566a';
const RULE = '#d9d3e4';

/** Renders a document to PDF bytes (A4). */
export async function renderPdf(spec: PdfDocumentSpec): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: spec.title, Author: spec.header.name, Creator: 'Flock' },
    // The document's language: the one its texts were written in (the language in force).
    lang: currentLocale() === 'ak' ? 'ak-GH' : 'en-GH',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  doc.registerFont('body', fontFile('400Regular'));
  doc.registerFont('bold', fontFile('700Bold'));
  const width = doc.page.width - MARGIN * 2;

  // Header: the church, a rule, the title.
  doc.font('bold').fontSize(18).fillColor(INK).text(spec.header.name, { width });
  for (const line of spec.header.lines ?? []) {
    doc.font('body').fontSize(10).fillColor(MUTED).text(line, { width });
  }
  doc.moveDown(0.5);
  rule(doc, width);
  doc.moveDown(0.8);
  doc.font('bold').fontSize(14).fillColor(INK).text(spec.title, { width });
  doc.moveDown(0.6);

  for (const block of spec.blocks) {
    switch (block.kind) {
      case 'heading':
        doc.moveDown(0.4);
        doc.font('bold').fontSize(12).fillColor(INK).text(block.text, { width });
        doc.moveDown(0.3);
        break;
      case 'paragraph':
        doc
          .font('body')
          .fontSize(10.5)
          .fillColor(block.muted ? MUTED : INK)
          .text(block.text, { width, lineGap: 2 });
        doc.moveDown(0.6);
        break;
      case 'facts': {
        const labelWidth = 140;
        for (const [label, value] of block.items) {
          const y = doc.y;
          doc.font('body').fontSize(10.5).fillColor(MUTED).text(label, MARGIN, y, {
            width: labelWidth,
          });
          const afterLabel = doc.y;
          doc
            .font('bold')
            .fillColor(INK)
            .text(value, MARGIN + labelWidth, y, { width: width - labelWidth });
          doc.y = Math.max(doc.y, afterLabel) + 3;
        }
        doc.x = MARGIN;
        doc.moveDown(0.6);
        break;
      }
      case 'table':
        drawTable(doc, width, block);
        break;
      case 'signatures':
        drawSignatures(doc, width, block.lines);
        break;
    }
  }

  if (spec.footer) {
    doc.moveDown(1);
    doc.font('body').fontSize(8.5).fillColor(MUTED).text(spec.footer, MARGIN, doc.y, { width });
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

type Doc = PDFKit.PDFDocument;

function rule(doc: Doc, width: number) {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
}

function drawTable(doc: Doc, width: number, table: Extract<PdfBlock, { kind: 'table' }>) {
  const cell = (text: string, column: PdfColumn | undefined, bold: boolean) => ({
    text,
    align: { x: column?.align ?? 'left', y: 'center' as const },
    font: { src: bold ? 'bold' : 'body', size: 9.5 },
  });
  const data = [
    table.columns.map((c) => ({ ...cell(c.header, c, true), backgroundColor: '#f1eef7' })),
    ...table.rows.map((row) => row.map((text, i) => cell(text, table.columns[i], false))),
    ...(table.footer ? [table.footer.map((text, i) => cell(text, table.columns[i], true))] : []),
  ];
  doc.fillColor(INK);
  doc.table({
    position: { x: MARGIN },
    maxWidth: width,
    columnStyles: table.columns.map((c) => (c.width ? { width: c.width } : '*')),
    defaultStyle: { border: 0.5, borderColor: RULE, padding: [4, 5] },
    data,
  });
  doc.x = MARGIN;
  doc.moveDown(0.8);
}

function drawSignatures(doc: Doc, width: number, lines: { name?: string; role: string }[]) {
  const gap = 30;
  const each = Math.min(220, (width - gap * (lines.length - 1)) / Math.max(lines.length, 1));
  doc.moveDown(2.5);
  if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
  const y = doc.y;
  lines.forEach((line, i) => {
    const x = MARGIN + i * (each + gap);
    doc
      .moveTo(x, y)
      .lineTo(x + each, y)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke();
    if (line.name)
      doc
        .font('bold')
        .fontSize(10)
        .fillColor(INK)
        .text(line.name, x, y + 5, { width: each });
    doc
      .font('body')
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(line.role, x, line.name ? doc.y : y + 5, { width: each });
  });
  doc.x = MARGIN;
  doc.moveDown(1);
}
