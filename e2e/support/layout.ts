import type { Page } from 'playwright-core';
import { CATALOGUE } from '../../packages/contract/src/catalogue.ts';

/** The menu pages this build has (a catalogue page with an entity), with their titles. */
export const BUILT_MENU_PAGES = CATALOGUE.flatMap((section) =>
  section.pages
    .filter((p) => p.entity && !p.hidden && !p.newTab)
    .map((p) => ({ path: p.path, title: p.title })),
);

/**
 * What a user would see cut off on the current page, one line each (empty when all fits):
 * - a card (`.ant-card`) whose content overflows it sideways;
 * - a form control or button lying partly outside a box that clips it (overflow hidden), or
 *   outside a card it belongs to (a scrolling box is fine: its content can be scrolled to);
 * - the page itself wider than the window (the whole page scrolls sideways).
 */
export function clippedElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element) => {
      const card = el.closest('.ant-card')?.querySelector('.ant-card-head-title')?.textContent;
      const where = card ? ` in card "${card}"` : '';
      if (el.classList.contains('ant-card')) return `"${card ?? ''}"`;
      const label =
        el.getAttribute('aria-label') ??
        el.querySelector('input[aria-label]')?.getAttribute('aria-label') ??
        (el.textContent ?? '').trim().slice(0, 20);
      return `${el.className.toString().split(' ')[0]} "${label}"${where}`;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const TOLERANCE = 1;

    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + TOLERANCE)
      problems.push(`the page is ${root.scrollWidth} px wide in a ${window.innerWidth} px window`);

    for (const card of Array.from(document.querySelectorAll('.ant-card'))) {
      if (!visible(card)) continue;
      if (card.scrollWidth > card.clientWidth + TOLERANCE)
        problems.push(
          `card ${describe(card)}: content ${card.scrollWidth} px wide in ${card.clientWidth} px`,
        );
    }

    const CONTROLS = [
      '.ant-input-affix-wrapper',
      '.ant-input:not(.ant-input-affix-wrapper .ant-input)',
      '.ant-input-number-group-wrapper',
      '.ant-input-number:not(.ant-input-number-group-wrapper .ant-input-number)',
      '.ant-select',
      '.ant-picker',
      '.ant-btn',
      '.ant-switch',
      '.ant-checkbox-wrapper',
      '.ant-radio-wrapper',
      'textarea',
    ].join(',');
    for (const control of Array.from(document.querySelectorAll(CONTROLS))) {
      if (!visible(control)) continue;
      const r = control.getBoundingClientRect();
      for (let box = control.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') break; // reachable by scrolling
        const clips = overflow === 'hidden' || overflow === 'clip';
        if (!clips && !box.classList.contains('ant-card')) continue;
        const b = box.getBoundingClientRect();
        if (r.left < b.left - TOLERANCE || r.right > b.right + TOLERANCE) {
          problems.push(
            `${describe(control)} (${Math.round(r.left)}–${Math.round(r.right)} px) is cut by ` +
              `${box.className.toString().split(' ')[0] || box.tagName} (${Math.round(b.left)}–${Math.round(b.right)} px)`,
          );
          break;
        }
      }
    }
    return problems;
  });
}

/**
 * Cells of the list tables that a fixed (sticky) column covers: a cell of a row lying under one
 * of the row's fixed cells, at the table's current scroll position.
 */
export function coveredCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const table of Array.from(document.querySelectorAll('.ant-table'))) {
      const heads = Array.from(table.querySelectorAll('thead th')).map(
        (th) => th.textContent ?? '',
      );
      for (const row of Array.from(table.querySelectorAll('tr.ant-table-row')).slice(0, 5)) {
        const cells = Array.from(row.children);
        const fixed = cells.filter(
          (c) =>
            c.classList.contains('ant-table-cell-fix-right') ||
            c.classList.contains('ant-table-cell-fix-left'),
        );
        for (const [i, cell] of cells.entries()) {
          if (fixed.includes(cell)) continue;
          const r = cell.getBoundingClientRect();
          for (const f of fixed) {
            const fr = f.getBoundingClientRect();
            const overlap = Math.min(r.right, fr.right) - Math.max(r.left, fr.left);
            if (overlap > 1) {
              covered.push(`${heads[i] ?? i}: ${Math.round(overlap)} px under ${f.textContent}`);
              break;
            }
          }
        }
      }
    }
    return covered;
  });
}

/**
 * A list's layout on a 375 px phone (issue 11, item 5): the list scrolls sideways with its first
 * data column in view and no column pinned over the data, the query form's fields stacked, and
 * the top bar showing the current section's tab.
 */
export async function phoneListProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const firstColumn = await page.evaluate(() => {
    const box = document.querySelector('.ant-table-content, .ant-table-body');
    const cell = document.querySelector(
      '.ant-table-row > td:not(.ant-table-selection-column):not(.ant-table-row-expand-icon-cell)',
    );
    if (!box || !cell) return 'no table';
    cell.scrollIntoView({ block: 'center', inline: 'nearest' });
    const b = box.getBoundingClientRect();
    const c = cell.getBoundingClientRect();
    const fixed = document.querySelectorAll(
      '.ant-table-cell-fix-right, .ant-table-cell-fix-left',
    ).length;
    // In the table's box and on top (no pinned column over it).
    const top = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
    const inBox = c.left >= b.left - 1 && c.right <= b.right + 1;
    return { visible: inBox && !!top && cell.contains(top), fixed };
  });
  if (JSON.stringify(firstColumn) !== JSON.stringify({ visible: true, fixed: 0 }))
    problems.push(`first data column: ${JSON.stringify(firstColumn)}`);
  // The query form's fields stack, each the width of the form.
  const form = page.getByTestId('list-query-form');
  if ((await form.count()) > 0) {
    const fields = await form.evaluate((f) => {
      const fr = f.getBoundingClientRect();
      const controls = f.querySelectorAll(
        '.ant-col:not(.list-page-query-actions) .ant-form-item-control',
      );
      return Array.from(controls)
        .filter((c) => c.getBoundingClientRect().width > 0)
        .map((c) => {
          const r = c.getBoundingClientRect();
          return r.left >= fr.left && r.right <= fr.right && r.width > fr.width / 2;
        });
    });
    if (fields.length === 0 || !fields.every(Boolean))
      problems.push(`query form not stacked: ${JSON.stringify(fields)}`);
  }
  // The top bar shows the current section's tab (the others may go under ···).
  if (!(await page.locator('.top-nav .ant-menu-item-selected').isVisible()))
    problems.push('the top bar does not show the current section');
  return problems;
}
