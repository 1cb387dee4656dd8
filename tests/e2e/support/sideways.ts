import { expect, type Page } from '@playwright/test';

/**
 * At `width` px the page does not scroll sideways, and each element matching `boxes` (a card) stays inside
 * its parent with everything it holds: a card may spill into the page's margin without the page scrolling
 * yet. The message names the innermost elements that stick out.
 */
export async function expectNoSidewaysScroll(page: Page, width: number, boxes?: string) {
  await page.setViewportSize({ width, height: 800 });
  const wide = await page.evaluate((selector) => {
    const name = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
    const beyond = (edge: number) => (element: Element) => element.getBoundingClientRect().right > edge + 0.5;
    const innermost = (within: Element, edge: number) =>
      [...within.querySelectorAll('*')]
        .filter((element) => beyond(edge)(element) && ![...element.children].some(beyond(edge)))
        .slice(0, 3)
        .map(name);
    const found: string[] = [];
    const vw = window.innerWidth;
    if (document.documentElement.scrollWidth > vw)
      found.push(
        `page ${document.documentElement.scrollWidth}px: ${innermost(document.body, vw).join(', ')}`,
      );
    for (const box of selector ? document.querySelectorAll(selector) : []) {
      const parent = box.parentElement;
      if (!parent) continue;
      const style = getComputedStyle(parent);
      const edge =
        parent.getBoundingClientRect().right -
        parseFloat(style.borderRightWidth) -
        parseFloat(style.paddingRight);
      if (beyond(edge)(box))
        found.push(
          `${name(box)} ${Math.round(box.getBoundingClientRect().right - edge)}px out of its parent`,
        );
      const right = box.getBoundingClientRect().right;
      const spilt = innermost(box, right);
      if (spilt.length) found.push(`out of ${name(box)}: ${spilt.join(', ')}`);
    }
    return found;
  }, boxes);
  expect(wide, `sideways at ${width} px`).toEqual([]);
}
