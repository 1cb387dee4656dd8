import { describe, expect, it } from 'vitest';
import { cyclesOf, type Import, importsOf, shown, sourcesIn } from '../test/source-imports.ts';

/**
 * Modules that import one way (decision 045): a file's imports never come back to it, however long the way
 * round (types count: a type cycle is a design cycle), no domain imports `admin/`, the scope that mounts the
 * domains' admin routes, and the domains form a hierarchy: no two import each other, however long the way round.
 */

const domainOf = (path: string) => /^server\/modules\/([^/]+)\//.exec(path)?.[1];

function graphOf(imports: Import[], nodeOf: (path: string) => string | undefined) {
  const edges = new Map<string, Set<string>>();
  for (const { file, target } of imports) {
    const from = nodeOf(file);
    const to = target && nodeOf(target);
    if (!from || !to || from === to) continue;
    edges.set(from, (edges.get(from) ?? new Set()).add(to));
  }
  return edges;
}

describe('imports that go one way', () => {
  const imports = sourcesIn('server').flatMap(importsOf);

  it('leave no file of server/ in a cycle of imports', () => {
    expect(imports.length).toBeGreaterThan(1000);
    expect(cyclesOf(graphOf(imports, (path) => path))).toEqual([]);
  });

  it('never reach admin/ from a domain: the scope mounts the domains, the domains share staff/', () => {
    const intoAdmin = imports.filter(({ file, target }) => {
      const domain = domainOf(file);
      return domain !== undefined && domain !== 'admin' && target?.startsWith('server/modules/admin/');
    });
    expect(intoAdmin.map(shown)).toEqual([]);
  });

  it('between domains, go one way', () => {
    expect(cyclesOf(graphOf(imports, domainOf))).toEqual([]);
  });

  it('find a cycle however long its way round', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
      ['e', new Set(['e2'])],
      ['e2', new Set(['e'])],
    ]);
    expect(cyclesOf(edges)).toEqual([
      ['a', 'b', 'c'],
      ['e', 'e2'],
    ]);
  });
});
