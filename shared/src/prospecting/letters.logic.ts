/**
 * Prospecting letters: who a letter is addressed to, its salutation, and the merge fields of the
 * body the user edits (`{adresse}`, `{agence}`…). Pure, so the page previews exactly what the
 * server prints.
 */

import { displayAddress, displaySyndicName } from '../address-display.js';
import type { PostalParts, TargetKind } from './contracts.js';
import { addressBlock, bodyAddress } from './postal.logic.js';

export const MERGE_FIELDS = {
  destinataire: 'le destinataire (« Madame, Monsieur le Propriétaire », le syndic, la société)',
  adresse: 'l’adresse du bien',
  libelle: 'le libellé de la cible (DPE, copropriété, parcelle)',
  copropriete: 'le nom de la copropriété («\u00a0Résidence les Lilas\u00a0», lettres aux syndics)',
  agence: 'le nom de votre agence',
  contact_agence: 'les coordonnées de votre agence',
  date: 'la date du jour («\u00a027 novembre 2026\u00a0»)',
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;

export const DEFAULT_LETTER_BODY = [
  '{destinataire},',
  '',
  'Nous accompagnons les propriétaires du quartier dans la vente et la mise en location de leurs biens. Votre bien situé {adresse} a retenu notre attention.',
  '',
  'Nous serions heureux de vous présenter une estimation gratuite et sans engagement, fondée sur les ventes récentes du secteur.',
  '',
  'Nous vous prions d’agréer, Madame, Monsieur, l’expression de nos salutations distinguées.',
  '',
  '{agence}',
].join('\n');

/**
 * The letter to a co-ownership's syndic: the syndic manages the building, owns none of it; what an
 * agent asks is to let the co-owners know (a notice in the hall, a letter with the next general
 * meeting's papers).
 */
export const DEFAULT_SYNDIC_LETTER_BODY = [
  'Madame, Monsieur,',
  '',
  'Agence implantée dans le quartier, nous accompagnons les copropriétaires qui souhaitent vendre ou mettre en location leur lot. Nous vous écrivons au sujet de la copropriété située {adresse}, dont vous assurez la gestion.',
  '',
  'Accepteriez-vous de porter à la connaissance des copropriétaires notre offre d’estimation gratuite et sans engagement, fondée sur les ventes récentes de l’immeuble et du secteur\u00a0? Nous pouvons vous remettre une affiche pour le hall ou un courrier à joindre à la convocation de la prochaine assemblée générale.',
  '',
  'Nous restons à votre disposition et vous prions d’agréer, Madame, Monsieur, l’expression de nos salutations distinguées.',
  '',
  '{agence}',
].join('\n');

/**
 * The « Objet » line of each letter, after the date as French business letters place it (NF Z11-001),
 * merge fields allowed; the page and the PDF print « Objet : » before it.
 */
export const DEFAULT_LETTER_SUBJECT = 'votre bien situé {adresse}';
export const DEFAULT_SYNDIC_LETTER_SUBJECT = 'la copropriété {copropriete}';

/** Who reads the letter: the owner (a person or a legal entity), or the syndic of a co-ownership. */
export type LetterAudience = 'owner' | 'syndic';

export const LETTER_AUDIENCE_LABELS: Record<LetterAudience, string> = {
  owner: 'Aux propriétaires',
  syndic: 'Aux syndics de copropriété',
};

export interface LetterTarget {
  kind: TargetKind;
  label: string;
  address: string;
  /** A legal entity's name, when known (never a private person's). */
  ownerName: string | null;
  /** A co-ownership's syndic as the RNIC names it, when it does. */
  syndicName?: string | null;
}

/** A co-ownership whose owner is not named gets the syndic's letter. */
export function audienceOf(t: Pick<LetterTarget, 'kind' | 'ownerName'>): LetterAudience {
  return t.kind === 'copro' && !t.ownerName?.trim() ? 'syndic' : 'owner';
}

/** « SDC », « S.D.C. », « Syndicat des copropriétaires (de la résidence) »: the register's prefix for the syndicate itself. */
const SYNDICATE_PREFIX =
  /^\s*(?:s\.?\s?d\.?\s?c\.?|syndicat\s+(?:des\s+)?copropri[ée]taires?(?:\s+(?:du|de\s+la|de\s+l['’]|des|de))?)\s+/iu;

/**
 * A co-ownership's name as a letter writes it: the register's capitals set in the BAN's way
 * (« 134 RUE LOUIS AUGUSTE BLANQUI »), and without its « SDC » (« Syndic de la copropriété SDC … »
 * said « syndicat » twice).
 */
export function coproName(label: string): string {
  const name = label.trim();
  return displayAddress(name.replace(SYNDICATE_PREFIX, '') || name);
}

const syndicOf = (t: LetterTarget) => {
  const name = t.syndicName?.trim();
  return name ? displaySyndicName(name) : null;
};

/** The salutation: the legal entity when known, the co-ownership's syndic, else the owner, unnamed. */
export function salutationOf(t: LetterTarget): string {
  const owner = t.ownerName?.trim();
  if (owner) return `À l’attention de ${owner}`;
  if (t.kind === 'copro') {
    const syndic = syndicOf(t);
    return syndic
      ? `À l’attention de ${syndic}, syndic de la copropriété ${coproName(t.label)}`
      : `Au syndic de la copropriété ${coproName(t.label)}`;
  }
  return 'Madame, Monsieur le Propriétaire';
}

/** The recipient lines of the address block: who, then on whose behalf (the syndic of which co-ownership). */
export function recipientLinesOf(t: LetterTarget): string[] {
  const owner = t.ownerName?.trim();
  if (owner) return [owner];
  if (t.kind === 'copro') {
    const syndic = syndicOf(t);
    const of = `Syndic de la copropriété ${coproName(t.label)}`;
    return syndic ? [syndic, of] : [of];
  }
  return ['Madame, Monsieur le Propriétaire'];
}

/** The co-ownership's name for `{copropriete}`: a co-ownership target's, else nothing. */
export function coproprieteOf(t: Pick<LetterTarget, 'kind' | 'label'>): string {
  return t.kind === 'copro' ? coproName(t.label) : '';
}

/** The merge fields of one target's letter: the same on the page's preview and in the PDF. */
export function letterValues(
  t: LetterTarget & { postal: PostalParts },
  agency: { name: string; contact: string },
  today: Date,
): Record<MergeField, string> {
  return {
    destinataire: salutationOf(t),
    adresse: bodyAddress(t.postal),
    libelle: t.label,
    copropriete: coproprieteOf(t),
    agence: agency.name,
    contact_agence: agency.contact,
    date: formatLetterDate(today),
  };
}

/** The filled « Objet » of a letter, or null when the user left it empty. */
export function letterSubject(subject: string, values: Record<MergeField, string>): string | null {
  const filled = fillLetter(subject, values)
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
  return filled || null;
}

/** Where a letter to a company goes: its registered office when known, else « la gérance » at the parcel. */
export type Delivery = 'siege' | 'gerance';

export const DELIVERY_NOTES: Record<Delivery, string> = {
  siege: 'Adressée au siège social de la société (annuaire des entreprises).',
  gerance: 'Adressée à la gérance, à l’adresse de la parcelle\u00a0: siège social non connu.',
};

type DeliveredTarget = LetterTarget & { postal: PostalParts; office?: PostalParts | null };

/** A company owner's letter goes to its office when the annuaire gave one, else a parcel's to « la gérance » there. */
export function deliveryOf(t: DeliveredTarget): Delivery | null {
  if (!t.ownerName?.trim()) return null;
  if (t.office) return 'siege';
  return t.kind === 'parcel' ? 'gerance' : null;
}

/** The address block of a letter (NF Z10-011) and the line saying where it goes, for the page's preview and the PDF. */
export function recipientBlockOf(t: DeliveredTarget): { lines: string[]; note: string | null } {
  const delivery = deliveryOf(t);
  const who = recipientLinesOf(t);
  if (delivery === 'siege' && t.office) return { lines: addressBlock(who, t.office), note: DELIVERY_NOTES.siege };
  if (delivery === 'gerance') return { lines: addressBlock([...who, 'La gérance'], t.postal), note: DELIVERY_NOTES.gerance };
  return { lines: addressBlock(who, t.postal), note: null };
}

/** The recipient, on one line. */
export function recipientOf(t: LetterTarget): string {
  return recipientLinesOf(t).join(', ');
}

const longDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });

/** « 27 novembre 2026 », « 1er décembre 2026 »: a letter's date, spelt out as French correspondence writes it. */
export function formatLetterDate(d: Date): string {
  return longDate.format(d).replace(/^1 /, '1er ');
}

/**
 * The town the agency writes from, when its contact of /pro/template has a « 93140 Bondy » line;
 * null otherwise (the template has no town field, and a guess would misdate the letter).
 */
export function agencyTown(contact: string): string | null {
  for (const line of contact.split('\n')) {
    const m = /(?:^|[\s,])\d{5}\s+(\p{L}[\p{L}'’ -]*?)(?:\s+cedex(?:\s+\d+)?)?\s*$/iu.exec(line.trim());
    if (m) return displayAddress(m[1] as string);
  }
  return null;
}

/** « Bondy, le 27 novembre 2026 », or « Le 27 novembre 2026 » when the agency's town is not known. */
export function letterDateLine(d: Date, town: string | null): string {
  return town ? `${town}, le ${formatLetterDate(d)}` : `Le ${formatLetterDate(d)}`;
}

/** A file name for a list's CSV or letters: its name in ASCII (« Flers — passoires » → « flers-passoires »). */
export function listFileName(prefix: string, listName: string, extension: string): string {
  const slug = listName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${prefix}${slug ? `-${slug}` : ''}.${extension}`;
}

const FIELD = /\{([a-z_]+)\}/g;

/** Merge fields of `body` that do not exist (a typo would print as is). */
export function unknownMergeFields(body: string): string[] {
  const unknown = new Set<string>();
  for (const m of body.matchAll(FIELD)) if (!((m[1] as string) in MERGE_FIELDS)) unknown.add(m[1] as string);
  return [...unknown];
}

export function fillLetter(body: string, values: Record<MergeField, string>): string {
  return body.replace(FIELD, (whole, name: string) => (name in values ? values[name as MergeField] : whole));
}
