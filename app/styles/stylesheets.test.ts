import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The site has one stylesheet in the build and many files in the source (decisions 048 and 051): `app/app.css`
 * imports each sheet of the app once, in the cascade's order, and holds nothing else (the build inlines the
 * imports into one file); a selector is styled in one sheet, so that what it looks like is read in one place;
 * and a sheet lives beside the components whose markup it styles, in their folder of `app/components/`, its
 * classes named for that folder or for the sheet, so that a class leads to its folder. The order itself is the
 * cascade's: moving an import changes which rule wins, and is checked on the pages, not here.
 */

/**
 * Selectors styled by top-level rules of more than one sheet (each selector of a rule's list counts; rules
 * inside `@media` are left out), each with its sheets. None today: the four shared at the split
 * (`.breadcrumb ol`, `.eyebrow`, `.field textarea`, `.order-lines`) were each brought into one sheet, with
 * the pages' screenshots unchanged to the pixel (scripts/compare-screens.ts). Not to be added to: bring a
 * selector's rules together instead.
 */
const SHARED_SELECTORS: Record<string, string[]> = {};

/**
 * Raw colours (`#rgb`… `#rrggbbaa`, `rgb()`, `rgba()`) written outside base.css's `:root`, where each colour
 * is named once as a custom property that says what it is for (`--danger`, `--on-dark`, `--success-bg`…);
 * the sheets use `var(--…)`. Each one left, with its sheet and why: to be kept to these.
 */
const RAW_COLOURS: Record<string, string[]> = {
  // A ::backdrop inherits custom properties from its dialog only in recent browsers (Chromium 122, Firefox
  // 120, Safari 17.4): an older one would drop a var() here and show no dimming behind the dialog.
  'components/modal/modal.css': ['rgba(11, 27, 58, 0.55)'],
  'components/site-header/side-sheet.css': ['rgba(3, 8, 20, 0.55)'],
};

/**
 * The sheets of `app/styles/` that are no widget's: the tokens and resets, the buttons, the small helpers and
 * the forms every page uses. Their classes may be used in any widget's sheet (`.cart-summary .button`).
 */
const SHARED_SHEETS = [
  'styles/account-and-forms.css',
  'styles/base.css',
  'styles/buttons.css',
  'styles/shared-helpers.css',
];

/**
 * Stylesheets of their own, apart from the site's one: imported by a module, never by `app/app.css`.
 */
const OWN_STYLESHEETS: Record<string, string> = {
  // The admin console's, loaded by its layout route only (decision 011): the public pages never fetch it.
  'components/admin/admin.css': 'import',
  // The typeface's faces, inlined where a card is drawn (decision 032).
  'components/card-design/inter.css': 'inline',
  // The card page's, inlined into its document, which links no stylesheet (decision 019).
  'components/card-page/card-page.css': 'raw',
};

/**
 * Classes of a widget's sheet named neither for its folder nor for the sheet (nor a state, `is-…`, nor a
 * shared sheet's class), by sheet. None: the 235 older names were renamed (as `.footer-grid` became
 * `.site-footer-grid`), or moved into `shared-helpers.css` where several widgets use them (as `.card-image`
 * was). Not to be added to: a sheet's new class is named for its widget.
 */
const NAMED_ELSEWHERE: Record<string, string[]> = {};

/**
 * The widths a layout changes at, four for the whole site, each written as "below N" as the product spec
 * words the partner carousel's (3 below 1024px, 2 below 768px, 1 below 480px): `max-width: N - 0.02px` for
 * what narrower screens get, `min-width: N` for what wider ones get. 1200 is where the signed-in header folds.
 * The card page's own sheet says 768 in rem (`48rem`), so that it follows the reader's font size.
 */
const BREAKPOINTS = [480, 768, 1024, 1200];
const WIDTH_QUERIES = new Set([
  ...BREAKPOINTS.flatMap((width) => [`(max-width: ${width - 0.02}px)`, `(min-width: ${width}px)`]),
  '(min-width: 48rem)',
]);

/** The width conditions of every `@media` query, by sheet, that are not among WIDTH_QUERIES. */
function otherWidths(byName: Record<string, string>): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [name, css] of Object.entries(byName)) {
    const widths = [...withoutComments(css).matchAll(/@media[^{]*/g)]
      .flatMap((query) => query[0].match(/\((?:min|max)-width:[^)]*\)|\([^)]*width\s*[<>]=?[^)]*\)/g) ?? [])
      .filter((condition) => !WIDTH_QUERIES.has(condition));
    if (widths.length > 0) found[name] = widths;
  }
  return found;
}

const appFolder = path.join(import.meta.dirname, '..');
const entry = readFileSync(path.join(appFolder, 'app.css'), 'utf8');

/** Every file of app/ that ends in `suffix`, by its path from app/ (sorted). */
function filesOfApp(suffix: RegExp): string[] {
  return readdirSync(appFolder, { recursive: true, encoding: 'utf8' })
    .filter((name) => suffix.test(name))
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

const everySheet = Object.fromEntries(
  filesOfApp(/\.css$/)
    .filter((name) => name !== 'app.css')
    .map((name) => [name, readFileSync(path.join(appFolder, name), 'utf8')]),
);
/** The sheets of the site's one stylesheet: every sheet but the stylesheets of their own. */
const sheets = Object.fromEntries(Object.entries(everySheet).filter(([name]) => !(name in OWN_STYLESHEETS)));

/** The stylesheets the app's modules import, by path from app/, with how (`url`, `raw`, `inline`, `import`). */
function stylesheetsImported(): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of filesOfApp(/(?<!\.test)\.tsx?$/)) {
    const source = readFileSync(path.join(appFolder, name), 'utf8');
    for (const [, target, query] of source.matchAll(
      /import\s+(?:[\w$*{},\s]+?\s+from\s+)?['"](\.{1,2}\/[^'"?]+\.css)(?:\?(\w+))?['"]/g,
    )) {
      found[path.posix.join(path.posix.dirname(name), target ?? '')] = query ?? 'import';
    }
  }
  return found;
}

/** The text with its comments taken out (a comment's opening inside a string is text). */
function withoutComments(css: string): string {
  return css.replace(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|\/\*[\s\S]*?\*\//g, (_, string) => string ?? ' ');
}

/** What a stylesheet imports, and what it holds besides its imports and comments. */
function importsOf(css: string): { imports: string[]; rest: string } {
  const imports: string[] = [];
  const rest = withoutComments(css)
    .replace(/@import\s+(?:url\(\s*)?(["'])([^"']*)\1\s*\)?\s*;/g, (_, _quote, target: string) => {
      imports.push(target);
      return '';
    })
    .trim();
  return { imports, rest };
}

/** Splits at the commas outside brackets, parentheses and strings. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim().replace(/\s+/g, ' ')).filter(Boolean);
}

/** The selectors of a sheet's top-level rules: at-rules (`@media`, `@keyframes`…) and their blocks left out. */
function selectorsOf(css: string): string[] {
  const text = withoutComments(css);
  const preludes: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') {
      if (depth === 0) preludes.push(text.slice(start, i).trim());
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0) start = i + 1;
    } else if (char === ';' && depth === 0) start = i + 1;
  }
  return preludes.filter((prelude) => !prelude.startsWith('@')).flatMap(splitTopLevel);
}

const RAW_COLOUR = /#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/gi;

/** The raw colours of each sheet, outside base.css's `:root` (comments left out). */
function rawColours(byName: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(byName)
      .map(([name, css]): [string, string[]] => {
        let text = withoutComments(css);
        if (name === 'styles/base.css') text = text.replace(/:root\s*\{[^}]*\}/, '');
        return [name, text.match(RAW_COLOUR) ?? []];
      })
      .filter(([, colours]) => colours.length > 0),
  );
}

/** Each selector that top-level rules of more than one sheet style, with those sheets (sorted). */
function sharedSelectors(byName: Record<string, string>): Record<string, string[]> {
  const sheetsOf = new Map<string, Set<string>>();
  for (const [name, css] of Object.entries(byName)) {
    for (const selector of selectorsOf(css))
      sheetsOf.set(selector, (sheetsOf.get(selector) ?? new Set()).add(name));
  }
  return Object.fromEntries(
    [...sheetsOf]
      .filter(([, names]) => names.size > 1)
      .map(([selector, names]) => [selector, [...names].sort()]),
  );
}

/** The classes a sheet's selectors name, at any depth (inside `@media` too), strings left out. */
function classesOf(css: string): string[] {
  const classes = new Set<string>();
  for (const [, prelude] of withoutComments(css).matchAll(/([^{};]+)\{/g)) {
    const selector = (prelude ?? '').trim().replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
    if (selector.startsWith('@')) continue;
    for (const [, name] of selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) if (name) classes.add(name);
  }
  return [...classes];
}

/** Whether a class is named for one of the names: the name itself, or the name and a hyphen before more. */
function namedFor(name: string, prefixes: string[]): boolean {
  return prefixes.some((prefix) => name === prefix || name.startsWith(`${prefix}-`));
}

/**
 * For each widget's sheet (outside app/styles/), the classes named neither for its folder nor for the sheet,
 * nor a state (`is-…`), nor a class of a shared sheet.
 */
function namedElsewhere(byName: Record<string, string>, shared: Set<string>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(byName)
      .filter(([name]) => !name.startsWith('styles/'))
      .map(([name, css]): [string, string[]] => {
        const folder = path.posix.basename(path.posix.dirname(name));
        const sheet = path.posix.basename(name, '.css');
        const others = classesOf(css)
          .filter((one) => !namedFor(one, [folder, sheet, 'is']) && !shared.has(one))
          .sort();
        return [name, others];
      })
      .filter(([, others]) => others.length > 0),
  );
}

/** The classes the shared sheets style. */
const sharedClasses = new Set(SHARED_SHEETS.flatMap((name) => classesOf(sheets[name] ?? '')));

describe('the stylesheet, one file built from sheets that live beside their widgets', () => {
  it('is app/app.css: each sheet of the app imported once, and nothing but the imports', () => {
    const { imports, rest } = importsOf(entry);
    const names = Object.keys(sheets);
    expect(names.length).toBeGreaterThan(40);
    const targets = imports.map((target) => path.posix.normalize(target));
    expect({
      rest,
      notImported: names.filter((name) => !targets.includes(name)),
      importedTwice: targets.filter((target, at) => targets.indexOf(target) !== at),
      notASheet: targets.filter((target) => !names.includes(target)),
    }).toEqual({ rest: '', notImported: [], importedTwice: [], notASheet: [] });
  });

  it('is the one stylesheet the pages link: a module imports only app.css and the stylesheets of their own', () => {
    expect(stylesheetsImported()).toEqual({ 'app.css': 'url', ...OWN_STYLESHEETS });
  });

  it('keeps its imports in app/app.css: no sheet imports another', () => {
    const importing = Object.entries(sheets).filter(([, css]) => importsOf(css).imports.length > 0);
    expect(importing.map(([name]) => name)).toEqual([]);
  });

  it('keeps a widget’s sheet in its folder of app/components/, and in app/styles/ only what is shared', () => {
    const names = Object.keys(sheets);
    expect(names.filter((name) => name.startsWith('styles/'))).toEqual([...SHARED_SHEETS].sort());
    expect(
      names.filter(
        (name) => !name.startsWith('styles/') && !/^components\/[a-z0-9-]+\/[a-z0-9-]+\.css$/.test(name),
      ),
    ).toEqual([]);
  });

  it('names a widget’s classes for its folder or its sheet', () => {
    const widgets = Object.fromEntries(
      Object.entries(everySheet).filter(
        ([name]) => OWN_STYLESHEETS[name] !== 'raw' && OWN_STYLESHEETS[name] !== 'inline',
      ),
    );
    expect(Object.values(widgets).flatMap(classesOf).length).toBeGreaterThan(400);
    expect(namedElsewhere(widgets, sharedClasses)).toEqual(NAMED_ELSEWHERE);
  });

  it('styles each selector in one sheet', () => {
    expect(Object.values(sheets).flatMap(selectorsOf).length).toBeGreaterThan(500);
    expect(sharedSelectors(sheets)).toEqual(SHARED_SELECTORS);
  });

  it('names its colours once, in base.css: no raw colour in the sheets but those kept on purpose', () => {
    expect(rawColours(sheets)).toEqual(RAW_COLOURS);
  });

  it('changes its layouts at four widths only: below 480, 768, 1024 and 1200 px', () => {
    expect(otherWidths(everySheet)).toEqual({});
  });

  it('sees what the rules are about', () => {
    expect(
      otherWidths({
        'a.css': '@media (max-width: 767.98px) {}\n@media (min-width: 1024px) and (hover: none) {}\n',
        'b.css': '/* @media (max-width: 700px) */\n@media (max-width: 700px), (width > 30em) {}\n',
      }),
    ).toEqual({ 'b.css': ['(max-width: 700px)', '(width > 30em)'] });
    expect(
      importsOf('/* the sheets */\n@import "./styles/a.css";\n@import url("./components/b/b.css");\n'),
    ).toEqual({
      imports: ['./styles/a.css', './components/b/b.css'],
      rest: '',
    });
    expect(importsOf('@import "./styles/a.css";\n.x { color: red; }\n').rest).toBe('.x { color: red; }');
    expect(
      sharedSelectors({
        'a.css': '/* .z {} */\n.x,\n.y:not(.a, .b) > p {\n  content: "{";\n}\n.only-here {}\n',
        'b.css':
          '@media (max-width: 480px) {\n  .x {}\n}\n@keyframes k { from {} }\n.y:not(.a, .b)  >  p {}\n',
        'c.css': '.z, .x::before { content: "/* .x */"; }\n',
      }),
    ).toEqual({ '.y:not(.a, .b) > p': ['a.css', 'b.css'] });
    expect(
      rawColours({
        'styles/base.css': ':root {\n  --a: #fff;\n  --b: rgb(0 0 0 / 0.5);\n}\n.x { color: #0b1b3a; }\n',
        'a.css':
          '/* #abc */\n.y { color: var(--a); background: url("#f"); box-shadow: 0 0 1px rgba(1, 2, 3, 0.4); }\n',
        'b.css': '.z { color: var(--b); }\n',
      }),
    ).toEqual({ 'styles/base.css': ['#0b1b3a'], 'a.css': ['rgba(1, 2, 3, 0.4)'] });
    expect(
      namedElsewhere(
        {
          'components/cart/cart.css':
            '.cart, .cart-line.is-active > .button {}\n@media (width < 40em) { .cart-total .price {} }\na[href$=".pdf"] {}\n',
          'components/profile/qr-dialog.css': '.qr-dialog-frame, .profile-page .notice {}\n',
          'styles/base.css': '.anything {}\n',
        },
        new Set(['button']),
      ),
    ).toEqual({ 'components/cart/cart.css': ['price'], 'components/profile/qr-dialog.css': ['notice'] });
  });
});
