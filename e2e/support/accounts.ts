/**
 * The confirmed accounts the journeys sign in with, written once per run in the prepared data
 * folders (prepared.ts), so that no journey file starts a child process to create them. Every
 * prepared folder holds all of them: each journey file has its own addresses, and the few shared
 * ones (`PROSPECTOR`, `HUNTER`) are the same account wherever they are used. None accepts the
 * newsletter but the newsletter's own, whose segment counts (« Abonnés actifs (2) ») read them.
 * Accounts a journey creates itself (sign-up, `admin:create`) are not here.
 */
import type { Account } from './data.js';

const PASSWORD = 'Maison-bleue-2026';
const active = (email: string, password = PASSWORD): Account => ({ email, password, subscription: 'active' });
const admin = (email: string, password = PASSWORD): Account => ({ email, password, role: 'admin' });

/** shell/pro-a11y */
export const A11Y_SUBSCRIBER = active('agent-a11y@exemple.fr', 'Contraste-lisible-2026');
export const A11Y_ADMIN = admin('admin-a11y@exemple.fr', 'Contraste-lisible-2026');
/** shell/pages (the root loader and typing) */
export const TYPIST = active('agent-saisie@exemple.fr');
/** public/public-pages (the user guide, contact messages in the admin area) */
export const GUIDE_ADMIN = admin('admin-guide@exemple.fr', 'Guide-des-outils-2026');
export const GUIDE_SUBSCRIBER = active('abonne-guide@exemple.fr', 'Guide-des-outils-2026');
/** admin/newsletter: two subscribers who accept the newsletter, one who does not. */
export const NEWSLETTER_ADMIN = admin('admin-lettre@exemple.fr');
export const ALICE: Account = { ...active('alice@exemple.fr'), marketingConsent: true };
export const BRUNO: Account = { ...active('bruno@exemple.fr'), marketingConsent: true };
export const CLAIRE = active('claire@exemple.fr');
/** extension/extension */
export const EXTENSION_AGENT = active('extension@exemple.fr');
/** listings/automatic-list */
export const HUNTRESS = active('chasseuse@exemple.fr', 'Maison-verte-2026');
/** listings/listings and saved-searches/saved-searches */
export const HUNTER = active('chasseur@exemple.fr');
/** map3d/map3d */
export const RELIEF_AGENT = active('relief@exemple.fr');
/** maps/maps */
export const MAPS_AGENT = active('agent-cartes@exemple.fr');
/** market/market */
export const MARKET_AGENT = active('agent-marche@exemple.fr');
/** open-data/parcel-search */
export const SURVEYOR = active('geometre@exemple.fr');
export const DATA_ADMIN = admin('admin-donnees@exemple.fr');
/** prospecting/dpe-letters */
export const DPE_PROSPECTOR = active('passoires@exemple.fr');
/** prospecting/prospecting, prospecting-search and saved-searches/prospecting-tools */
export const PROSPECTOR = active('prospecteur@exemple.fr');
/** saved-addresses/saved-addresses */
export const ADDRESS_KEEPER = active('adresses@exemple.fr');
/** saved-searches/alerts */
export const ALERTS_ADMIN = admin('admin-alertes@exemple.fr');
export const ALERTS_AGENT = active('agent-alertes@exemple.fr');
/** saved-searches/notifications: the alert's owner, another subscriber, the administrator who imports. */
export const BELL_AGENT = active('agent-cloche@exemple.fr');
export const BELL_OTHER = active('autre-cloche@exemple.fr');
export const BELL_ADMIN = admin('admin-cloche@exemple.fr');

export const JOURNEY_ACCOUNTS: readonly Account[] = [
  A11Y_SUBSCRIBER,
  A11Y_ADMIN,
  TYPIST,
  GUIDE_ADMIN,
  GUIDE_SUBSCRIBER,
  NEWSLETTER_ADMIN,
  ALICE,
  BRUNO,
  CLAIRE,
  EXTENSION_AGENT,
  HUNTRESS,
  HUNTER,
  RELIEF_AGENT,
  MAPS_AGENT,
  MARKET_AGENT,
  SURVEYOR,
  DATA_ADMIN,
  DPE_PROSPECTOR,
  PROSPECTOR,
  ADDRESS_KEEPER,
  ALERTS_ADMIN,
  ALERTS_AGENT,
  BELL_AGENT,
  BELL_OTHER,
  BELL_ADMIN,
];
