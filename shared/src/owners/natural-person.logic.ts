/**
 * Private persons in the DGFiP legal-entity owners files. The files are meant to hold legal
 * entities only, yet a volunteer syndic or a manager is listed under his own name (« MR ADRIEN
 * SEKALI », legal form 9900) and a company may be named after a person (« MONSIEUR ARISTIDE »).
 * The product never shows a private person's name: such a row keeps its role and reads
 * « personne physique — nom non affiché ». The importer applies the rule and never stores the name;
 * migration 1340 applies the same rule, in SQL, to the rows imported before it.
 */
import { rightLabel } from './legal-forms.logic.js';

export const NATURAL_PERSON_NOTICE = 'personne physique — nom non affiché';

/** Civilities a name may start with, as the DGFiP and its filers write them. */
export const CIVILITIES = [
  'M',
  'MR',
  'MM',
  'MME',
  'MMES',
  'MLLE',
  'MLLES',
  'MELLE',
  'MLE',
  'MADAME',
  'MONSIEUR',
  'MADEMOISELLE',
  'MESDAMES',
  'MESSIEURS',
] as const;

/**
 * Words that make a name an organisation's under a legal form that does not vouch for it (9900
 * « autre personne morale de droit privé », indivisions, entities without legal personality): a
 * firm (« CABINET … », « … GESTION »), a co-ownership, a public body, an association.
 */
export const ORGANISATION_WORDS = [
  'ADMINISTRATEUR',
  'ADMINISTRATION',
  'AFFAIRES',
  'AGENCE',
  'ASS',
  'ASSOCIATION',
  'BANQUE',
  'CABINET',
  'CAISSE',
  'CENTRE',
  'CIE',
  'COMPAGNIE',
  'CONSEIL',
  'CONSEILS',
  'COPRO',
  'COPROP',
  'COPROPRIETAIRES',
  'COPROPRIETE',
  'ELECTRICITE',
  'ETUDE',
  'EURL',
  'FEDERATION',
  'FNAIM',
  'FONCIA',
  'FONCIER',
  'FONCIERE',
  'FONDATION',
  'FRERES',
  'GESTION',
  'GESTIONS',
  'GIE',
  'GROUPE',
  'HABITAT',
  'IMMO',
  'IMMOBILIER',
  'IMMOBILIERE',
  'INSTITUT',
  'LES',
  'LOGEMENT',
  'MINISTERE',
  'MUTUELLE',
  'NEXITY',
  'OFFICE',
  'PATRIMOINE',
  'PREFECTURE',
  'REGIE',
  'RESIDENCE',
  'SA',
  'SARL',
  'SAS',
  'SASU',
  'SC',
  'SCI',
  'SCP',
  'SCPI',
  'SEM',
  'SERVICE',
  'SERVICES',
  'SNC',
  'SOCIETE',
  'STE',
  'SYNDIC',
  'SYNDICAT',
  'SYNDICATS',
  'TRANSPORTS',
  'UNION',
  'VILLE',
] as const;

const CIVILITY = new Set<string>(CIVILITIES);
const ORGANISATION = new Set<string>(ORGANISATION_WORDS);

/** Upper case, accents off, split on anything but letters and digits. */
function words(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w !== '');
}

/**
 * Legal forms whose name is not vouched for by the form: entrepreneurs individuels (10), indivisions
 * (21), sociétés créées de fait or en participation (22, 23), groupings without legal personality
 * (29), and 9900, under which the DGFiP files volunteer syndics and managers.
 */
function formNamesAPerson(legalForm: string | null): boolean {
  const f = legalForm?.trim() ?? '';
  return f === '9900' || /^(10|21|22|23|29)\d{2}$/.test(f);
}

/** The name reads as a natural person's: a civility first, or a form that does not vouch for a name without an organisation's word. */
export function readsAsNaturalPerson(name: string | null, legalForm: string | null): boolean {
  const w = words(name ?? '');
  if (w.length === 0) return false;
  // « S A R L INTEREY », « S C I LA VICTOIRE »: initials spelt apart are one word.
  const initials = w
    .filter((x) => x.length === 1)
    .join('')
    .replace(/\d/g, '');
  const organisation = w.some((x) => ORGANISATION.has(x) || /\d/.test(x)) || ORGANISATION.has(initials);
  // « M N B » is a SCI's initials, « MESSIEURS BOULARD ET COMPAGNIE » a firm: a civility names a
  // person when a name follows it and no organisation's word does.
  const first = w[0] as string;
  if (CIVILITY.has(first) && (first !== 'M' || (w[1] ?? '').length > 1)) return !organisation;
  return formNamesAPerson(legalForm) && !organisation;
}

/** What a natural person does on the parcel, in words: « Syndic bénévole », « Gérant », « Propriétaire »… */
export function naturalPersonRole(codeDroit: string | null): string {
  const code =
    (codeDroit ?? '')
      .trim()
      .split(/\s*-\s*/)[0]
      ?.toUpperCase() ?? '';
  if (code === 'S') return 'Syndic bénévole';
  if (code === 'G') return 'Gérant';
  return rightLabel(codeDroit) ?? 'Titulaire d’un droit';
}

/** The name a natural person's row shows: « Syndic bénévole, personne physique — nom non affiché ». */
export function naturalPersonName(codeDroit: string | null): string {
  return `${naturalPersonRole(codeDroit)}, ${NATURAL_PERSON_NOTICE}`;
}

/** A name a client sends (a target's owner) that must not be stored: a natural person's, or the notice itself. */
export function isHiddenOwnerName(name: string | null | undefined): boolean {
  if (!name) return false;
  return name.includes(NATURAL_PERSON_NOTICE) || readsAsNaturalPerson(name, null);
}
