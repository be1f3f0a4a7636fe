/**
 * Names in English that Mantine gives to elements of its own, out of reach of the theme: the
 * hidden textarea that measures an autosized field (« autosize measurement »), appended once to
 * the body by Mantine and reused. A screen reader skips it (aria-hidden), but an audit of the
 * page reads it: it is named in French as soon as it appears.
 */
const MEASURE_EN = 'autosize measurement';
export const MEASURE_FR = 'Mesure de la hauteur du texte';

function relabel(root: ParentNode): void {
  for (const el of root.querySelectorAll(`textarea[aria-label="${MEASURE_EN}"]`)) el.setAttribute('aria-label', MEASURE_FR);
}

/** Watches the body for Mantine's measuring textarea; returns what stops watching. */
export function frenchHiddenLabels(doc: Document = document): () => void {
  relabel(doc.body);
  const observer = new MutationObserver(() => relabel(doc.body));
  observer.observe(doc.body, { childList: true });
  return () => observer.disconnect();
}
