/**
 * A wide table says it scrolls sideways when it is wider than its region, and only then: the
 * sizes are those the browser would measure (jsdom lays nothing out), the resize announced as a
 * ResizeObserver would.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { SCROLL_HINT, WideTable } from './wide-table';

/** The ResizeObservers created, with what they watch. */
const observers: { callback: ResizeObserverCallback; targets: Element[] }[] = [];

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      entry: { callback: ResizeObserverCallback; targets: Element[] };
      constructor(callback: ResizeObserverCallback) {
        this.entry = { callback, targets: [] };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      unobserve() {}
      disconnect() {
        this.entry.targets = [];
      }
    },
  );
  installMantineDomShims();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setSizes(el: HTMLElement, sizes: { scrollWidth: number; clientWidth: number; scrollLeft?: number }) {
  for (const [key, value] of Object.entries({ scrollLeft: 0, ...sizes })) {
    Object.defineProperty(el, key, { configurable: true, value });
  }
}

/** The browser resized the region: every observer watching it is told. */
function resized(el: HTMLElement) {
  act(() => {
    for (const o of observers.filter((x) => x.targets.includes(el))) o.callback([], {} as ResizeObserver);
  });
}

function renderTable() {
  render(
    <MantineProvider>
      <WideTable label="Ventes" minWidth={720}>
        <table>
          <tbody>
            <tr>
              <td>12/05/2022</td>
            </tr>
          </tbody>
        </table>
      </WideTable>
    </MantineProvider>,
  );
  return screen.getByRole('region', { name: 'Ventes' });
}

describe('WideTable', () => {
  it('says nothing while the table fits', () => {
    const region = renderTable();
    setSizes(region, { scrollWidth: 600, clientWidth: 600 });
    resized(region);
    expect(screen.queryByText(SCROLL_HINT)).toBeNull();
    expect(region.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByTestId('scroll-fade')).toBeNull();
  });

  it('shows the hint and fades the right edge once the table overflows, until scrolled to its end', () => {
    const region = renderTable();
    setSizes(region, { scrollWidth: 720, clientWidth: 360 });
    resized(region);
    const hint = screen.getByText(SCROLL_HINT);
    expect(hint.textContent).toBe('Faites défiler le tableau →');
    // The region is described by the hint for screen readers.
    expect(region.getAttribute('aria-describedby')).toBe(hint.id);
    expect(screen.getByTestId('scroll-fade').getAttribute('aria-hidden')).toBe('true');

    setSizes(region, { scrollWidth: 720, clientWidth: 360, scrollLeft: 360 });
    fireEvent.scroll(region);
    expect(screen.queryByTestId('scroll-fade')).toBeNull();
    expect(screen.getByText(SCROLL_HINT)).toBeTruthy();

    // Phone turned: the table fits again.
    setSizes(region, { scrollWidth: 720, clientWidth: 720 });
    resized(region);
    expect(screen.queryByText(SCROLL_HINT)).toBeNull();
    expect(region.hasAttribute('aria-describedby')).toBe(false);
  });
});
