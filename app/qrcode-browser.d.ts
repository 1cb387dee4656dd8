// The browser build of `qrcode` (its main entry is the Node build, which pulls in fs and pngjs).
declare module 'qrcode/lib/browser.js' {
  export * from 'qrcode';
}
