import { resolve } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { build } from 'esbuild';
import { defineConfig, type Plugin, type Rollup } from 'vite';

const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//;
const ROOT = /\/app\/root\.tsx(\?|$)/;
const HOME = /\/app\/routes\/home\.tsx(\?|$)/;

/** Whether the route imports the module (through any chain of static imports). */
function under(route: RegExp, id: string, info: Rollup.ManualChunkMeta, seen = new Set<string>()): boolean {
  if (route.test(id)) return true;
  seen.add(id);
  return (info.getModuleInfo(id)?.importers ?? []).some(
    (importer) => !seen.has(importer) && under(route, importer, info, seen),
  );
}

// Each file a page loads costs a request (about 1 KB of headers, and a round trip on a phone): the code
// every page needs travels as two files, React with React Router and the site's own shared code, and what
// the home page shares with other public pages (tiles, pictures, content) as a third.
function manualChunks(id: string, info: Rollup.ManualChunkMeta): string | undefined {
  // Rollup's helpers for React's CommonJS files go with React, or the two chunks would import each other.
  if (FRAMEWORK.test(id) || id.startsWith('\0commonjsHelpers')) return 'framework';
  if (id.startsWith('\0') || id.includes('/node_modules/') || ROOT.test(id) || HOME.test(id))
    return undefined;
  if (under(ROOT, id, info)) return 'site';
  const importers = info.getModuleInfo(id)?.importers ?? [];
  const homeOnly = importers.every((importer) => HOME.test(importer));
  if (!homeOnly && under(HOME, id, info)) return 'pages';
  return undefined;
}

/** Scripts inlined in pages that have no React in the browser: virtual module → entry point. */
const INLINE_SCRIPTS: Record<string, string> = {
  // The light pages' script (decision 034), inlined by root.tsx.
  'virtual:site-script': 'app/site-script/index.ts',
  // The card page's script, inlined by CardPage.tsx.
  'virtual:card-script': 'app/card-script/index.ts',
  // The hydrated pages' form guard (decision 035), inlined by root.tsx.
  'virtual:form-guard': 'app/form-guard/index.ts',
};

/**
 * Each of INLINE_SCRIPTS bundled and minified into one string. Only the server renders the pages that
 * inline them, so the browser's build gets an empty string rather than the script inside the hydrated
 * pages' code.
 */
function inlineScripts(): Plugin {
  const entryOf = (id: string) => {
    const name = id.startsWith('\0') ? id.slice(1) : undefined;
    return name !== undefined && Object.hasOwn(INLINE_SCRIPTS, name) ? INLINE_SCRIPTS[name] : undefined;
  };
  return {
    name: 'inline-scripts',
    resolveId: (id) => (Object.hasOwn(INLINE_SCRIPTS, id) ? `\0${id}` : undefined),
    async load(id) {
      const entry = entryOf(id);
      if (!entry) return undefined;
      if (this.environment.name === 'client') return 'export default "";';
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        write: false,
        metafile: true,
        logLevel: 'warning',
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(resolve(input));
      const code = result.outputFiles[0]?.text.trim() ?? '';
      // Inlined in a <script>: its text must not end the element.
      if (/<\/script/i.test(code)) throw new Error(`${entry} contains "</script"`);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), inlineScripts()],
  build: { assetsInlineLimit: 0 },
  environments: { client: { build: { rollupOptions: { output: { manualChunks } } } } },
});
