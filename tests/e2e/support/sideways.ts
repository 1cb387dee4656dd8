import { expect, type Page } from '@playwright/test';

/**
 * At `width` px the page does not scroll sideways; when it does, the message names the innermost elements
 * that stick out.
 */
export async function expectNoSidewaysScroll(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  const wide = await page.evaluate(() => {
    const vw = window.innerWidth;
    if (document.documentElement.scrollWidth <= vw) return [];
    const out = (element: Element) => element.getBoundingClientRect().right > vw + 0.5;
    return [...document.body.querySelectorAll('*')]
      .filter((element) => out(element) && ![...element.children].some(out))
      .slice(0, 4)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
      .concat(`${document.documentElement.scrollWidth}px in ${vw}px`);
  });
  expect(wide, `the page scrolls sideways at ${width} px`).toEqual([]);
}
