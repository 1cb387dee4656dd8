import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourcesIn, targetOf } from '../test/source-imports.ts';

/**
 * One routes entry per module (issue 33): the composition root mounts each module through one Fastify
 * plugin, `<domain>Routes` in `server/modules/<domain>/routes.ts`, which mounts the module's own parts
 * (its API under /api, a route beside it). A module's part of the admin console (`…AdminRoutes` in an
 * `admin-routes.ts`) is mounted by the admin scope only, behind its guard (decision 045).
 */

const domainOf = (path: string) => /^server\/modules\/([^/]+)\//.exec(path)?.[1];
const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The Fastify plugins a file exports: annotated as one, or made by `apiRoutes`. */
function pluginsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/export const (\w+)(?:: FastifyPluginAsync\b|\s*=\s*apiRoutes\b)/g)].map(
    ([, name = '']) => name,
  );
}

/** Each name a file imports with `import { … } from './relative.ts'`, with the file it comes from. */
function namedImportsOf(file: string): { file: string; name: string; target: string }[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)].flatMap(
    ([, names = '', specifier = '']) => {
      const target = targetOf(file, specifier);
      if (!target) return [];
      return names
        .split(',')
        .map(
          (name) =>
            name
              .replace(/^\s*type\s+/, '')
              .split(/\s+as\s+/)[0]
              ?.trim() ?? '',
        )
        .filter(Boolean)
        .map((name) => ({ file, name, target }));
    },
  );
}

describe('routes entries', () => {
  const sources = sourcesIn('server');
  const plugins = new Set(
    sources
      .filter((file) => domainOf(file))
      .flatMap((file) => pluginsOf(file).map((name) => `${file}#${name}`)),
  );
  // A module's plugins as files outside the module import them.
  const reached = sources
    .flatMap(namedImportsOf)
    .filter(({ name, target }) => plugins.has(`${target}#${name}`))
    .filter(({ file, target }) => domainOf(file) !== domainOf(target));
  const shown = ({ file, name, target }: { file: string; name: string; target: string }) =>
    `${file}: ${name} from ${target}`;

  it('find the plugins of the modules', () => {
    expect(plugins.size).toBeGreaterThan(20);
    expect(reached.length).toBeGreaterThan(10);
  });

  it('mount each module through exactly one entry, its routes.ts’s <domain>Routes', () => {
    const modules = [...new Set(sources.map(domainOf))]
      .filter((domain): domain is string => domain !== undefined)
      .filter((domain) => existsSync(`server/modules/${domain}/routes.ts`))
      .sort();
    expect(modules.length).toBeGreaterThan(10);
    const entries = reached
      .filter(({ file }) => file !== 'server/modules/admin/routes.ts')
      .map(shown)
      .sort();
    expect(entries).toEqual(
      modules.map(
        (domain) => `server/app.ts: ${camel(domain)}Routes from server/modules/${domain}/routes.ts`,
      ),
    );
  });

  it('leave a module’s admin routes to the admin scope, one plugin of an admin-routes.ts each', () => {
    const intoAdmin = reached.filter(({ file }) => file === 'server/modules/admin/routes.ts');
    expect(intoAdmin.length).toBeGreaterThan(5);
    const stray = intoAdmin.filter(
      ({ name, target }) => !name.endsWith('AdminRoutes') || !target.endsWith('admin-routes.ts'),
    );
    expect(stray.map(shown)).toEqual([]);
  });
});
