/**
 * What Mantine needs from the browser and jsdom lacks: `matchMedia` (colour scheme, breakpoints)
 * `ResizeObserver`, `document.fonts` (the autosized textarea listens to it) and `scrollIntoView`
 * (a combobox scrolls its selected option into view). Component tests call this once before
 * rendering.
 */
export function installMantineDomShims(): void {
  installMatchMedia(() => false);
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => undefined;
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });
  }
}

/**
 * A phone's viewport, as far as media queries go: every `max-width` query matches, every other
 * does not (the responsive tables render their cards). Call after installMantineDomShims.
 */
export function installPhoneViewport(): void {
  installMatchMedia((query) => query.includes('max-width'));
}

function installMatchMedia(matches: (query: string) => boolean): void {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

/** A JSON answer of the API, for the fetch stubs of component tests. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A gate for answers held back: fetch stubs await `held` until the test calls `release`. */
export function gate(): { held: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}
