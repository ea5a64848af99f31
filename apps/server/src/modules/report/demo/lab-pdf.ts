import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  formatChinaDate,
  INSPECTION_FLAG_ARROWS,
  inspectionRangeText,
  type InspectionItem,
} from '@health/contract';
import PDFDocument from 'pdfkit';

/**
 * A lab report as a small PDF, as a laboratory would print it (the demo's files): the header, the
 * member, the dates and the items with their ranges and arrows. Noto Sans SC is embedded (subset).
 */

const require = createRequire(import.meta.url);
const FONT_PATH =
  require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
let fontData: Buffer | null = null;
function cjkFont(): Buffer {
  fontData ??= readFileSync(FONT_PATH);
  return fontData;
}

export interface LabPdf {
  hospital: string;
  title: string;
  memberName: string;
  sampledAt: number;
  reportedAt: number;
  items: readonly InspectionItem[];
}

export function renderLabPdf(report: LabPdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    margin: 36,
    info: { Title: report.title, Creator: 'health-admin', Producer: 'health-admin' },
  });
  doc.registerFont('cjk', cjkFont());
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const date = (t: number) => formatChinaDate(t, '{y}-{m}-{d}');
  doc.font('cjk').fontSize(14).text(report.hospital, { align: 'center' });
  doc.fontSize(12).text(report.title, { align: 'center' }).moveDown(0.5);
  doc
    .fontSize(9)
    .text(
      `姓名：${report.memberName}    采样日期：${date(report.sampledAt)}    报告日期：${date(report.reportedAt)}`,
    )
    .moveDown(0.5);
  const x = [36, 170, 240, 300];
  let y = doc.y;
  const row = (cells: string[], color = '#000000') => {
    doc.fillColor(color);
    cells.forEach((c, i) => doc.text(c, x[i], y, { lineBreak: false }));
    y += 16;
  };
  row(['项目', '结果', '单位', '参考范围']);
  doc
    .moveTo(36, y - 3)
    .lineTo(384, y - 3)
    .strokeColor('#888888')
    .stroke();
  for (const item of report.items) {
    row(
      [
        `${item.name} ${item.code}`,
        `${item.value} ${INSPECTION_FLAG_ARROWS[item.flag]}`,
        item.unit,
        inspectionRangeText(item.low, item.high),
      ],
      item.flag === 'high' ? '#cf1322' : item.flag === 'low' ? '#0958d9' : '#000000',
    );
  }
  doc.fillColor('#888888').text('本报告仅对所检标本负责（演示数据）', 36, y + 12);
  doc.end();
  return done;
}
