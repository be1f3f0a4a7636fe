/**
 * Flags of the headless Chromium that renders report PDFs and runs the browser tests, on machines
 * without network or GPU: no background connections (refused one by one on a closed network),
 * WebGL through SwiftShader for MapLibre.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
];
