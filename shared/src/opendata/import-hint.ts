/**
 * What a page says when data may be missing because it is not imported. Only an administrator can
 * open Administration › Imports de données; a subscriber is told the Immoloupe team imports the
 * data on request, with a link to the contact form whose subject is prefilled (`?objet=`).
 */
import type { Role } from '../accounts/contracts.js';
import { departementOf } from '../admin/data-dashboard.js';

/** Where an administrator imports data: the imports tab of the administration. */
export const ADMIN_IMPORTS_HREF = '/pro/admin?onglet=imports';
/** The contact form of the public site; `objet` prefills its subject. */
export const CONTACT_PATH = '/contact';
export const CONTACT_SUBJECT_PARAM = 'objet';

/** The data a page may lack (`open-data`: any of them, when the page cannot tell which). */
export type ImportHintSource =
  | 'dvf'
  | 'cadastre'
  | 'cadastre-dvf'
  | 'ban'
  | 'dpe'
  | 'copro'
  | 'personnes-morales'
  | 'annonces'
  | 'loyers'
  | 'plu'
  | 'risques'
  | 'sitadel'
  | 'open-data';

/** The data named in a sentence (`the`) and after « Import » (`of`). */
const NAMES: Record<ImportHintSource, { the: string; of: string }> = {
  dvf: { the: 'les DVF', of: 'des DVF' },
  cadastre: { the: 'le cadastre', of: 'du cadastre' },
  'cadastre-dvf': { the: 'le cadastre et les DVF', of: 'du cadastre et des DVF' },
  ban: { the: 'les adresses (BAN)', of: 'des adresses (BAN)' },
  dpe: { the: 'les DPE', of: 'des DPE' },
  copro: { the: 'les copropriétés (RNIC)', of: 'des copropriétés (RNIC)' },
  'personnes-morales': { the: 'le fichier des personnes morales', of: 'du fichier des personnes morales' },
  annonces: { the: 'les flux d’annonces', of: 'des flux d’annonces' },
  loyers: { the: 'la Carte des loyers', of: 'de la Carte des loyers' },
  plu: { the: 'le PLU (Géoportail de l’Urbanisme)', of: 'du PLU (Géoportail de l’Urbanisme)' },
  risques: { the: 'les risques de Géorisques (GASPAR, ICPE, BASIAS)', of: 'des risques de Géorisques (GASPAR, ICPE, BASIAS)' },
  sitadel: { the: 'les permis de construire (Sitadel)', of: 'des permis de construire (Sitadel)' },
  'open-data': { the: 'les données ouvertes', of: 'des données ouvertes' },
};

export interface ImportHintInput {
  /** The reader's role; null (not known yet) reads as a subscriber's. */
  role: Role | null;
  source: ImportHintSource;
  /** The département concerned, when the page knows it (`93`, `2A`, `971`). */
  departement?: string | null;
}

/** A sentence in three parts: the text before the link, the link, the text after it. */
export interface ImportHintParts {
  before: string;
  link: { label: string; href: string };
  after: string;
}

function where(departement: string | null | undefined): string {
  return departement ? ` du département ${departement}` : '';
}

/** The subject of the request a subscriber sends: « Import des DVF du département 93 ». */
export function importRequestSubject(source: ImportHintSource, departement?: string | null): string {
  return `Import ${NAMES[source].of}${where(departement)}`;
}

/** The contact form, its subject prefilled with the request. */
export function importRequestHref(source: ImportHintSource, departement?: string | null): string {
  return `${CONTACT_PATH}?${new URLSearchParams({ [CONTACT_SUBJECT_PARAM]: importRequestSubject(source, departement) })}`;
}

/** The hint for the reader's role, with its link (contact form, or the imports tab for an administrator). */
export function importHintParts({ role, source, departement }: ImportHintInput): ImportHintParts {
  const data = `${NAMES[source].the}${where(departement)}`;
  if (role === 'admin')
    return {
      before: `Un administrateur importe ${data} depuis `,
      link: { label: 'Administration › Imports de données', href: ADMIN_IMPORTS_HREF },
      after: '.',
    };
  return {
    before: `L’équipe Immoloupe importe ${data} à la demande\u00a0: `,
    link: { label: 'demandez l’import', href: importRequestHref(source, departement) },
    after: '.',
  };
}

/** The same hint as plain text, for a message without links (an API answer). */
export function importHintText(input: ImportHintInput): string {
  const parts = importHintParts(input);
  const link = input.role === 'admin' ? parts.link.label : `${parts.link.label} par la page Contact`;
  return `${parts.before}${link}${parts.after}`;
}

/** The one département of these INSEE commune (or parcel) codes, or null when there are none or several. */
export function departementOfCodes(codes: readonly string[]): string | null {
  const found = new Set(codes.filter((c) => /^[0-9][0-9AB][0-9]{3}/.test(c)).map((c) => departementOf(c)));
  return found.size === 1 ? ([...found][0] as string) : null;
}
