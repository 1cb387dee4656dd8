import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository’s root: what every path here is relative to. */
const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Source files below a top-level folder; tests are left out (they run in Node and may read anything). */
export function sourcesIn(folder: string): string[] {
  return readdirSync(join(repositoryRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(folder, name).split(sep).join('/'));
}

export interface Import {
  file: string;
  specifier: string;
  /** The imported file's path from the repository root, for a relative import. */
  target?: string;
}

/** A relative specifier of `file` as a path from the root (`../x.ts` from `a/b/c.ts` is `a/x.ts`). */
export function targetOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return relative(repositoryRoot, resolve(repositoryRoot, dirname(file), specifier))
    .split(sep)
    .join('/');
}

/** Every static import (types too), `export … from`, side-effect import and dynamic import() of the file. */
export function importsOf(file: string): Import[] {
  const source = readFileSync(join(repositoryRoot, file), 'utf8');
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map(([, specifier = '']) => ({
    file,
    specifier,
    target: targetOf(file, specifier),
  }));
}

/** "file: specifier", as a failing test lists an import. */
export const shown = ({ file, specifier }: Import) => `${file}: ${specifier}`;

/**
 * The strongly connected parts of a directed graph with more than one node (Tarjan): each is a cycle of
 * imports, or several tangled. Nodes sorted within a part, parts sorted, so a test can compare them.
 */
export function cyclesOf(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1) parts.push(part.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return parts.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}
