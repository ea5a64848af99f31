import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { groupDeviceCode } from '@health/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * The binding codes' label sheet: A4 pages of a 4 × 6 grid of labels, each with the QR code, the
 * code in text (grouped by four) and the model's name, with light cut lines. Chinese is set in
 * Noto Sans SC from an npm package (never a system font: the server may run on a bare machine);
 * pdfkit embeds only the glyphs used, so a sheet stays small.
 */

export interface CodeLabel {
  code: string;
  /** What the QR code holds: the mini-program's URL with the code, or the bare code. */
  qrText: string;
  modelName: string;
  batchNo: string;
}

export interface LabelSheetOptions {
  /** The document's title (its metadata and each page's header). */
  title: string;
  /** Printed in each page's header, e.g. the China time of printing. */
  subtitle: string;
}

const require = createRequire(import.meta.url);
const FONT_PATH =
  require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
let fontData: Buffer | null = null;
/** The font file, read once (10 MB; each document subsets what it uses). */
function cjkFont(): Buffer {
  fontData ??= readFileSync(FONT_PATH);
  return fontData;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 24;
const HEADER = 26;
const COLUMNS = 4;
const ROWS = 6;
export const LABELS_PER_PAGE = COLUMNS * ROWS;
const CELL_W = (PAGE.width - 2 * MARGIN) / COLUMNS;
const CELL_H = (PAGE.height - 2 * MARGIN - HEADER) / ROWS;
const QR_SIZE = 84;

/** The QR code as filled squares (vector: sharp at any printer resolution). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const module = size / n;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) doc.rect(x + col * module, y + row * module, module, module);
    }
  }
  doc.fillColor('#000000').fill();
}

/** The sheet as a PDF file. */
export function renderLabelSheet(
  labels: readonly CodeLabel[],
  opts: LabelSheetOptions,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: opts.title, Creator: 'health-admin', Producer: 'health-admin' },
  });
  doc.registerFont('cjk', cjkFont());
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const pages = Math.max(1, Math.ceil(labels.length / LABELS_PER_PAGE));
  for (let p = 0; p < pages; p++) {
    doc.addPage({ size: 'A4', margin: 0 });
    doc
      .font('cjk')
      .fontSize(10)
      .fillColor('#333333')
      .text(opts.title, MARGIN, MARGIN, { width: CELL_W * 3, lineBreak: false, ellipsis: true });
    doc
      .fontSize(8)
      .fillColor('#666666')
      .text(`${opts.subtitle}    ${p + 1} / ${pages}`, MARGIN, MARGIN + 2, {
        width: PAGE.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });

    const onPage = labels.slice(p * LABELS_PER_PAGE, (p + 1) * LABELS_PER_PAGE);
    onPage.forEach((label, i) => {
      const x = MARGIN + (i % COLUMNS) * CELL_W;
      const y = MARGIN + HEADER + Math.floor(i / COLUMNS) * CELL_H;
      doc
        .save()
        .lineWidth(0.5)
        .strokeColor('#bbbbbb')
        .dash(3, { space: 3 })
        .rect(x, y, CELL_W, CELL_H)
        .stroke()
        .restore();
      drawQr(doc, label.qrText, x + (CELL_W - QR_SIZE) / 2, y + 8, QR_SIZE);
      const textWidth = CELL_W - 12;
      doc
        .font('Courier-Bold')
        .fontSize(10.5)
        .fillColor('#000000')
        .text(groupDeviceCode(label.code), x + 6, y + 8 + QR_SIZE + 5, {
          width: textWidth,
          align: 'center',
          lineBreak: false,
        });
      doc
        .font('cjk')
        .fontSize(8)
        .fillColor('#333333')
        .text(label.modelName, x + 6, y + 8 + QR_SIZE + 18, {
          width: textWidth,
          // One line: a long name ends in "…" instead of running into the next label.
          height: 11,
          align: 'center',
          ellipsis: true,
        });
    });
  }
  doc.end();
  return done;
}
