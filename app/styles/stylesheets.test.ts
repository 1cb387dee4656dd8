import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The site has one stylesheet in the build and many files in the source (decision 048): `app/app.css`
 * imports each sheet of `app/styles/` once, in the cascade's order, and holds nothing else (the build inlines
 * the imports into one file), and a selector is styled in one sheet, so that what it looks like is read in
 * one place. The order itself is the cascade's: moving an import changes which rule wins, and is checked on
 * the pages, not here.
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
  'modal.css': ['rgba(11, 27, 58, 0.55)'],
  'side-sheet.css': ['rgba(3, 8, 20, 0.55)'],
};

const folder = import.meta.dirname;
const entry = readFileSync(path.join(folder, '..', 'app.css'), 'utf8');
const sheets = Object.fromEntries(
  readdirSync(folder)
    .filter((name) => name.endsWith('.css'))
    .sort()
    .map((name) => [name, readFileSync(path.join(folder, name), 'utf8')]),
);

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
        if (name === 'base.css') text = text.replace(/:root\s*\{[^}]*\}/, '');
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

describe('the stylesheet, one file built from the sheets of app/styles/', () => {
  it('is app/app.css: each sheet imported once, and nothing but the imports', () => {
    const { imports, rest } = importsOf(entry);
    const names = Object.keys(sheets);
    expect(names.length).toBeGreaterThan(10);
    expect({
      rest,
      notImported: names.filter((name) => !imports.includes(`./styles/${name}`)),
      importedTwice: imports.filter((target, at) => imports.indexOf(target) !== at),
      notASheet: imports.filter((target) => !names.some((name) => target === `./styles/${name}`)),
    }).toEqual({ rest: '', notImported: [], importedTwice: [], notASheet: [] });
  });

  it('keeps its imports in app/app.css: no sheet imports another', () => {
    const importing = Object.entries(sheets).filter(([, css]) => importsOf(css).imports.length > 0);
    expect(importing.map(([name]) => name)).toEqual([]);
  });

  it('styles each selector in one sheet', () => {
    expect(Object.values(sheets).flatMap(selectorsOf).length).toBeGreaterThan(500);
    expect(sharedSelectors(sheets)).toEqual(SHARED_SELECTORS);
  });

  it('names its colours once, in base.css: no raw colour in the sheets but those kept on purpose', () => {
    expect(rawColours(sheets)).toEqual(RAW_COLOURS);
  });

  it('sees what the rules are about', () => {
    expect(
      importsOf('/* the sheets */\n@import "./styles/a.css";\n@import url("./styles/b.css");\n'),
    ).toEqual({
      imports: ['./styles/a.css', './styles/b.css'],
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
        'base.css': ':root {\n  --a: #fff;\n  --b: rgb(0 0 0 / 0.5);\n}\n.x { color: #0b1b3a; }\n',
        'a.css':
          '/* #abc */\n.y { color: var(--a); background: url("#f"); box-shadow: 0 0 1px rgba(1, 2, 3, 0.4); }\n',
        'b.css': '.z { color: var(--b); }\n',
      }),
    ).toEqual({ 'base.css': ['#0b1b3a'], 'a.css': ['rgba(1, 2, 3, 0.4)'] });
  });
});
