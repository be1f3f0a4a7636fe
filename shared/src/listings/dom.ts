/**
 * The small slice of the DOM the parsers use, so that one parser runs on the browser's own
 * `document` (extension content script) and on linkedom's document (server, tests).
 */
import { parseHTML } from 'linkedom';
import { repairText } from '../text-repair.logic.js';

export interface ListingElement {
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): ListingElement | null;
  querySelectorAll(selector: string): ArrayLike<ListingElement> & Iterable<ListingElement>;
}

export interface ListingDocument {
  readonly title?: string;
  querySelector(selector: string): ListingElement | null;
  querySelectorAll(selector: string): ArrayLike<ListingElement> & Iterable<ListingElement>;
}

/**
 * Builds a document from HTML with linkedom, which is plain JavaScript (no Node API) and thus also
 * works inside the extension. A `<body>` fragment (what the extension captures) is wrapped into a
 * page first, because linkedom only builds a tree under an `<html>` element.
 */
export function htmlToDocument(html: string): ListingDocument {
  const page = /<html[\s>]/i.test(html.slice(0, 2000)) ? html : `<!doctype html><html><head></head>${html}</html>`;
  return parseHTML(page).document as unknown as ListingDocument;
}

/** Text of an element with its white space collapsed and any text encoded twice repaired, or undefined when empty. */
export function text(el: ListingElement | null | undefined): string | undefined {
  const t = repairText(el?.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return t ? t : undefined;
}

export function textOf(root: ListingDocument | ListingElement, selector: string): string | undefined {
  return text(root.querySelector(selector));
}
