/** The light pages' script, bundled and minified (the `site-script` plugin in vite.config.ts). */
declare module 'virtual:site-script' {
  const source: string;
  export default source;
}
