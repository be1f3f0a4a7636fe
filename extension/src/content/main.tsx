/**
 * Content script of the eight portals: reads the page with the shared listing parsers (on the
 * browser's own DOM), then shows the panel beside an ad, or a badge on each card of a results
 * page. Everything it adds lives in shadow roots: the portal's CSS cannot break it, ours cannot
 * break the page.
 */
import { settingsPortalOf } from '@immoloupe/shared/extension/contracts';
import type { ParsedListing } from '@immoloupe/shared/listings/contracts';
import { detectPortal, parseListings } from '@immoloupe/shared/listings/parse';
import { createRoot, type Root } from 'react-dom/client';
import { type AnalyseReply, type SaveReply, sendMessage } from '../messages';
import { Panel, type PanelState } from '../panel/panel';
import { badgeOf } from '../panel/panel.logic';
import { BADGE_CSS, PANEL_CSS } from '../panel/styles';
import { loadSettings } from '../settings';
import { cardOf, comparisonKey } from './cards';

const HOST_ID = 'immoloupe-extension-panel';
const BADGE_ATTR = 'data-immoloupe-badge';

let root: Root | undefined;

function panelRoot(): Root {
  if (root) return root;
  const host = document.createElement('div');
  host.id = HOST_ID;
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = PANEL_CSS;
  const mount = document.createElement('div');
  shadow.append(style, mount);
  document.documentElement.append(host);
  root = createRoot(mount);
  return root;
}

function render(state: PanelState) {
  const today = new Date().toISOString().slice(0, 10);
  panelRoot().render(
    <Panel state={state} today={today} onOpenSettings={() => void sendMessage({ type: 'open-settings' })} onSave={save} />,
  );
}

async function save(listing: ParsedListing): Promise<SaveReply> {
  try {
    return await sendMessage({ type: 'save', listing });
  } catch {
    return { ok: false, kind: 'server', message: 'L’extension vient d’être mise à jour\u00a0: rechargez la page.' };
  }
}

async function analyse(listing: ParsedListing): Promise<AnalyseReply> {
  try {
    return await sendMessage({ type: 'analyse', listing });
  } catch {
    return { ok: false, kind: 'server', message: 'L’extension vient d’être mise à jour\u00a0: rechargez la page.' };
  }
}

async function showListing(listing: ParsedListing) {
  render({ kind: 'loading', listing });
  const reply = await analyse(listing);
  if (reply.ok) render({ kind: 'ready', listing, analysis: reply.analysis, serverUrl: reply.serverUrl });
  else render({ kind: 'error', listing, message: reply.message, settings: reply.kind === 'no-key' || reply.kind === 'revoked' });
}

function badge(place: { element: Element; position: InsertPosition }, text: string, tone: string) {
  const previous = place.position === 'afterend' ? place.element.nextElementSibling : place.element.firstElementChild;
  if (previous?.hasAttribute(BADGE_ATTR)) previous.remove();
  const host = document.createElement('span');
  host.setAttribute(BADGE_ATTR, '');
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = BADGE_CSS;
  const label = document.createElement('span');
  label.className = tone;
  label.textContent = text;
  shadow.append(style, label);
  place.element.insertAdjacentElement(place.position, host);
}

async function showResults(listings: ParsedListing[]) {
  const groups = new Map<string, ParsedListing[]>();
  for (const l of listings) groups.set(comparisonKey(l), [...(groups.get(comparisonKey(l)) ?? []), l]);
  let badged = 0;
  let failure: AnalyseReply | undefined;
  for (const group of groups.values()) {
    const first = group[0];
    if (!first) continue;
    const reply = await analyse(first);
    if (!reply.ok) {
      failure = reply;
      // A refused key or an unreachable server fails every group alike.
      if (reply.kind !== 'refused') break;
      continue;
    }
    for (const listing of group) {
      const b = badgeOf(listing, reply.analysis);
      const place = b ? cardOf(document, listing) : null;
      if (b && place) {
        badge(place, b.text, b.tone);
        badged += 1;
      }
    }
  }
  if (failure && !failure.ok && badged === 0) {
    render({ kind: 'error', message: failure.message, settings: failure.kind === 'no-key' || failure.kind === 'revoked' });
    return;
  }
  render({
    kind: 'unreadable',
    message: `Page de résultats\u00a0: ${listings.length} annonces lues, ${badged} comparées aux ventes DVF (badge sur chaque carte). Ouvrez une annonce pour le détail.`,
  });
}

async function run() {
  const portal = detectPortal(location.href);
  if (!portal) return;
  const settings = await loadSettings();
  if (!settings.portals[settingsPortalOf(portal)]) return;
  const result = parseListings({ url: location.href, document: document as never });
  if (!result.ok) {
    render({ kind: 'unreadable', message: result.message });
    return;
  }
  const [only] = result.listings;
  if (result.listings.length === 1 && only) await showListing(only);
  else await showResults(result.listings);
}

// Portals change page without reloading (single-page apps): read again when the address changes.
let lastUrl = location.href;
void run();
setInterval(() => {
  if (location.href === lastUrl) return;
  lastUrl = location.href;
  void run();
}, 1000);
