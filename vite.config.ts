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

const SITE_SCRIPT = 'virtual:site-script';
const SITE_SCRIPT_ID = `\0${SITE_SCRIPT}`;

/**
 * `virtual:site-script`: the light pages' script (app/site-script) bundled and minified into one string,
 * which root.tsx inlines (decision 034). Only the server renders light pages, so the browser's build gets
 * an empty string rather than the script inside the hydrated pages' code.
 */
function siteScript(): Plugin {
  return {
    name: 'site-script',
    resolveId: (id) => (id === SITE_SCRIPT ? SITE_SCRIPT_ID : undefined),
    async load(id) {
      if (id !== SITE_SCRIPT_ID) return undefined;
      if (this.environment.name === 'client') return 'export default "";';
      const result = await build({
        entryPoints: ['app/site-script/index.ts'],
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
      if (/<\/script/i.test(code)) throw new Error('the site script contains "</script"');
      return `export default ${JSON.stringify(code)};`;
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), siteScript()],
  build: { assetsInlineLimit: 0 },
  environments: { client: { build: { rollupOptions: { output: { manualChunks } } } } },
});
