import type { EcgWindow } from '@health/contract';
import {
  baselineMm,
  calibrationBoxMm,
  firstPointMs,
  gutterMm,
  MAJOR_MM,
  msToMm,
  rowHeightMm,
  uvToMm,
} from './scale';

/*
 * Print of the strip on screen at true scale: an SVG whose user unit is the millimetre and whose
 * size is given in CSS mm (true on paper at 100 % print scale), in a hidden iframe printed by the
 * browser (or saved as PDF). A strip longer than the page is cut into rows.
 */

/** Trace width on A4 landscape with 10 mm margins, after the gutter. */
export const PRINT_WIDTH_MM = 277;

export interface PrintStrip {
  title: string;
  /** Lines of facts above the strips (member, measured at, segment, scale...). */
  meta: string[];
  note: string;
  leads: readonly string[];
  startMs: number;
  endMs: number;
  speed: number;
  gain: number;
  /** The loaded windows covering [startMs, endMs) (any resolution; the finest wins). */
  windows: readonly EcgWindow[];
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const f = (n: number) => (Math.round(n * 100) / 100).toString();

/** The SVG path (mm) of one lead over [fromMs, toMs), x measured from `x0Mm` at fromMs. */
export function leadPath(
  windows: readonly EcgWindow[],
  lead: number,
  fromMs: number,
  toMs: number,
  x0Mm: number,
  baselineMm: number,
  speed: number,
  gain: number,
): string {
  const parts: string[] = [];
  // Finest windows first, each drawing what the finer ones before it left uncovered.
  const sorted = [...windows].sort((a, b) => a.step / a.sampleRate - b.step / b.sampleRate);
  const covered: [number, number][] = [];
  for (const w of sorted) {
    const data = w.leads[lead];
    if (!data || w.sampleRate <= 0) continue;
    const pointMs = (w.step * 1000) / w.sampleRate;
    const centre = w.step > 1 ? pointMs / 2 : 0;
    const t0 = firstPointMs(w);
    let pen = false;
    for (let i = 0; i < data.min.length; i++) {
      const t = t0 + i * pointMs + centre;
      const inside = t >= fromMs && t < toMs && !covered.some(([s, e]) => t >= s && t < e);
      if (!inside) {
        pen = false;
        continue;
      }
      const x = x0Mm + msToMm(t - fromMs, speed);
      parts.push(`${pen ? 'L' : 'M'}${f(x)} ${f(baselineMm - uvToMm(data.min[i]!, gain))}`);
      if (w.step > 1) parts.push(`L${f(x)} ${f(baselineMm - uvToMm(data.max[i]!, gain))}`);
      pen = true;
    }
    covered.push([w.startMs, w.endMs]);
  }
  return parts.join('');
}

/** The printable HTML document of a strip. */
export function printDocument(p: PrintStrip): string {
  const gutter = gutterMm(p.speed);
  const rowMm = rowHeightMm(p.gain);
  const baseline = baselineMm(p.gain);
  const box = calibrationBoxMm(p.speed, p.gain);
  const traceMm = PRINT_WIDTH_MM - gutter;
  const chunkMs = (traceMm / p.speed) * 1000;
  const blocks: string[] = [];
  for (let from = p.startMs; from < p.endMs; from += chunkMs) {
    const to = Math.min(p.endMs, from + chunkMs);
    const width = gutter + msToMm(to - from, p.speed);
    const height = rowMm * p.leads.length;
    const rows = p.leads
      .map((name, row) => {
        const y = row * rowMm + baseline;
        const top = y - box.height;
        const pulse = `M1 ${y}L2 ${y}L2 ${top}L${f(2 + box.width)} ${top}L${f(2 + box.width)} ${y}L${f(3 + box.width)} ${y}`;
        const trace = leadPath(p.windows, row, from, to, gutter, y, p.speed, p.gain);
        return `<text x="1" y="${row * rowMm + 4}" class="lbl">${esc(name)}</text><path d="${pulse}" class="tr"/><path d="${trace}" class="tr"/>`;
      })
      .join('');
    blocks.push(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${f(width)}mm" height="${height}mm" viewBox="0 0 ${f(width)} ${height}">` +
        `<rect width="100%" height="100%" fill="url(#major)"/>${rows}</svg>`,
    );
  }
  const defs =
    `<svg width="0" height="0" style="position:absolute"><defs>` +
    `<pattern id="minor" width="1" height="1" patternUnits="userSpaceOnUse"><path d="M1 0V1H0" fill="none" stroke="#f3b8c0" stroke-width="0.08"/></pattern>` +
    `<pattern id="major" width="${MAJOR_MM}" height="${MAJOR_MM}" patternUnits="userSpaceOnUse"><rect width="${MAJOR_MM}" height="${MAJOR_MM}" fill="url(#minor)"/><path d="M${MAJOR_MM} 0V${MAJOR_MM}H0" fill="none" stroke="#e07a88" stroke-width="0.18"/></pattern>` +
    `</defs></svg>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(p.title)}</title><style>
@page { size: A4 landscape; margin: 10mm; }
html, body { margin: 0; font: 10pt sans-serif; color: #000; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
h1 { font-size: 13pt; margin: 0 0 2mm; }
.meta { margin: 0 0 3mm; }
.note { color: #666; font-size: 8pt; margin: 0 0 3mm; }
svg { display: block; margin-bottom: 4mm; break-inside: avoid; }
.tr { fill: none; stroke: #000; stroke-width: 0.22; stroke-linejoin: round; }
.lbl { font: bold 3px sans-serif; fill: #8c1d2b; }
</style></head><body>${defs}<h1>${esc(p.title)}</h1><p class="meta">${p.meta.map(esc).join('<br>')}</p><p class="note">${esc(p.note)}</p>${blocks.join('')}</body></html>`;
}

/** Print a document through a hidden iframe (no pop-up to block); false if it could not open. */
export function printHtml(html: string): boolean {
  if (typeof document === 'undefined') return false;
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
  document.body.appendChild(frame);
  const win = frame.contentWindow;
  if (!win) {
    frame.remove();
    return false;
  }
  const cleanup = () => setTimeout(() => frame.remove(), 1000);
  frame.onload = () => {
    win.addEventListener('afterprint', cleanup, { once: true });
    win.focus();
    win.print();
    // Browsers whose print() returns at once without afterprint: remove after a while anyway.
    setTimeout(cleanup, 60_000);
  };
  frame.srcdoc = html;
  return true;
}
