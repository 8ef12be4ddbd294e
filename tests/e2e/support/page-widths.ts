import type { Page } from 'playwright-core';

/** One thing a dealer would notice at a width: the page scrolls sideways, a text is cut, a grid shows no rows. */
export interface WidthProblem {
  kind: 'page-overflow' | 'clipped' | 'split-word' | 'no-rows' | 'axe' | 'sideways-tabs';
  /** What and where, readable in a failure message (a CSS path and the text). */
  detail: string;
}

/** An element allowed to ellipsize because a title (or tooltip) gives its whole text. */
export interface EllipsisException {
  /** CSS selector of the element that ellipsizes. */
  selector: string;
  /** Why it may ellipsize. */
  why: string;
}

/** Texts a dealer reads: headings, labels, buttons, tabs, chips, grid headers and cells. */
const textBoxSelector = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'label',
  'legend',
  'button',
  '[role="button"]',
  '[role="tab"]',
  'a',
  'th',
  'td',
  '.MuiFormLabel-root',
  '.MuiFormControlLabel-label',
  '.MuiChip-label',
  '.MuiTypography-root',
  '.MuiSelect-select',
  '.MuiAlert-message',
  '.ag-header-cell-text',
  '.ag-cell',
].join(',');

/**
 * Measures the page as it is drawn now: horizontal overflow of the document, texts cut inside their box (wider or taller
 * than it, unless an exception's selector matches and a title gives the whole text), single words broken across lines
 * in labels and headers ("Detail/er"), and grids that say they have rows but show none.
 */
export async function measureWidthProblems(page: Page, exceptions: EllipsisException[]): Promise<WidthProblem[]> {
  return page.evaluate(
    ({ selector, allowed }) => {
      const problems: Array<{ kind: 'page-overflow' | 'clipped' | 'split-word' | 'no-rows'; detail: string }> = [];
      const root = document.documentElement;

      const describe = (element: Element): string => {
        const parts: string[] = [];
        for (
          let node: Element | null = element;
          node && node !== document.body && parts.length < 4;
          node = node.parentElement
        ) {
          const id = node.id ? `#${node.id}` : '';
          const testId = node.getAttribute('data-testid');
          const col = node.getAttribute('col-id');
          const cls = Array.from(node.classList)
            .filter((name) => !/^css-|^Mui.*-(root|sizeSmall|sizeMedium)$/.test(name))
            .slice(0, 2)
            .map((name) => `.${name}`)
            .join('');
          parts.unshift(
            `${node.tagName.toLowerCase()}${id}${cls}${testId ? `[data-testid=${testId}]` : ''}${col ? `[col-id=${col}]` : ''}`,
          );
        }
        return parts.join(' > ');
      };
      const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const isShown = (element: Element): boolean => {
        const rect = element.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return false;
        const style = getComputedStyle(element);
        if (style.visibility !== 'visible' || style.opacity === '0') return false;
        // Visually hidden helpers (clip: rect(0 0 0 0)) are for screen readers only.
        if (style.clip !== 'auto' && style.clip !== '') return false;
        return element.closest('[aria-hidden="true"], [hidden], .MuiTooltip-popper') === null;
      };

      // 1. The page itself must not scroll sideways.
      if (root.scrollWidth > root.clientWidth) {
        const widest = Array.from(document.body.querySelectorAll('*'))
          .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1 && isShown(element))
          // The outermost ones say where the overflow starts.
          .filter(
            (element) =>
              !(element.parentElement && element.parentElement.getBoundingClientRect().right > root.clientWidth + 1),
          )
          .slice(0, 3)
          .map((element) => `${describe(element)} (right edge ${Math.round(element.getBoundingClientRect().right)})`);
        problems.push({
          kind: 'page-overflow',
          detail: `document ${root.scrollWidth} px wide in a ${root.clientWidth} px window: ${widest.join('; ')}`,
        });
      }

      // 2. Texts cut inside their box.
      const isAllowedEllipsis = (element: Element): boolean =>
        allowed.some((rule) => element.matches(rule)) &&
        (element.closest('[title]')?.getAttribute('title') ?? element.getAttribute('aria-label') ?? '')
          .replace(/\s+/g, ' ')
          .includes(textOf(element).replace(/…$/, ''));
      for (const element of Array.from(document.querySelectorAll(selector))) {
        if (!(element instanceof HTMLElement) || !isShown(element)) continue;
        if (textOf(element) === '') continue;
        const style = getComputedStyle(element);
        if (style.display === 'inline' || element.clientWidth === 0) continue;
        const isWider = element.scrollWidth > element.clientWidth + 1;
        // Only boxes that hide what does not fit can cut a text vertically (a grid cell of fixed height, a clamped label).
        const hidesOverflow = style.overflowY !== 'visible' || style.overflowX !== 'visible';
        const isTaller = hidesOverflow && element.scrollHeight > element.clientHeight + 1;
        if ((isWider || isTaller) && !isAllowedEllipsis(element)) {
          problems.push({
            kind: 'clipped',
            detail: `${describe(element)} "${textOf(element)}" (${element.scrollWidth}x${element.scrollHeight} in ${element.clientWidth}x${element.clientHeight})`,
          });
        }
      }

      // 3. A word broken across two lines in a label or header ("Detail" / "er").
      const wordBoxes = document.querySelectorAll(
        'label, legend, h1, h2, h3, h4, h5, h6, button, [role="tab"], .MuiFormLabel-root, .ag-header-cell-text, th',
      );
      for (const element of Array.from(wordBoxes)) {
        if (!isShown(element)) continue;
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/[^\s/\-–—]{2,}/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
            if (lines.size > 1) {
              problems.push({
                kind: 'split-word',
                detail: `${describe(element)} "${match[0]}" in "${textOf(element)}"`,
              });
            }
          }
        }
      }

      // 4. A grid that says it has rows shows at least one of them.
      for (const grid of Array.from(document.querySelectorAll('[role="grid"], [role="treegrid"]'))) {
        if (!grid.closest('.ag-root-wrapper')) continue;
        const rowCount = Number(grid.getAttribute('aria-rowcount') ?? '0');
        const headerRows = grid.querySelectorAll('.ag-header-row').length > 0 ? 1 : 0;
        if (rowCount - headerRows <= 0) continue;
        const body = grid.querySelector('.ag-body-viewport') ?? grid;
        const bodyRect = body.getBoundingClientRect();
        const visibleRows = Array.from(grid.querySelectorAll('.ag-row[row-index]')).filter((row) => {
          if (row.closest('.ag-header, .ag-pinned-left-cols-container, .ag-pinned-right-cols-container')) return false;
          const rect = row.getBoundingClientRect();
          const overlap = Math.min(rect.bottom, bodyRect.bottom) - Math.max(rect.top, bodyRect.top);
          return overlap >= Math.min(20, rect.height) && rect.height > 0;
        });
        // A cell taller than its row spills over the next one (cards of a fixed row height).
        for (const row of visibleRows) {
          for (const cell of Array.from(row.querySelectorAll('.ag-cell'))) {
            if (cell.scrollHeight > row.clientHeight + 1) {
              problems.push({
                kind: 'clipped',
                detail: `${describe(cell)} "${textOf(cell)}" is ${cell.scrollHeight} px tall in a ${row.clientHeight} px row`,
              });
            }
          }
        }
        if (visibleRows.length === 0) {
          problems.push({
            kind: 'no-rows',
            detail: `${describe(grid.closest('[data-testid]') ?? grid)}: ${rowCount - headerRows} rows, none visible (body ${Math.round(bodyRect.height)} px tall)`,
          });
        }
      }
      return problems;
    },
    { selector: textBoxSelector, allowed: exceptions.map((exception) => exception.selector) },
  );
}

/** Sets the window to `width` (900 px tall) and waits until layout and resize observers have settled. */
export async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await settle(page);
}

/** Two frames and a short pause: media queries re-render, grids re-measure their columns. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 150)));
      }),
  );
}
