/** The light pages' script, bundled and minified (the `inline-scripts` plugin in vite.config.ts). */
declare module 'virtual:site-script' {
  const source: string;
  export default source;
}

/** The card page's script, bundled and minified (the `inline-scripts` plugin in vite.config.ts). */
declare module 'virtual:card-script' {
  const source: string;
  export default source;
}

/** The hydrated pages' form guard, bundled and minified (the `inline-scripts` plugin in vite.config.ts). */
declare module 'virtual:form-guard' {
  const source: string;
  export default source;
}
