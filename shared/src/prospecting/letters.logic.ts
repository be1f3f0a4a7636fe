/**
 * Prospecting letters: who a letter is addressed to, its salutation, and the merge fields of the
 * body the user edits (`{adresse}`, `{agence}`…). Pure, so the page previews exactly what the
 * server prints.
 */

import { displayAddress } from '../address-display.js';
import type { TargetKind } from './contracts.js';

export const MERGE_FIELDS = {
  destinataire: 'le destinataire (« Madame, Monsieur le Propriétaire », le syndic, la société)',
  adresse: 'l’adresse du bien',
  libelle: 'le libellé de la cible (DPE, copropriété, parcelle)',
  agence: 'le nom de votre agence',
  contact_agence: 'les coordonnées de votre agence',
  date: 'la date du jour',
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
}

/** A co-ownership whose owner is not named gets the syndic's letter. */
export function audienceOf(t: Pick<LetterTarget, 'kind' | 'ownerName'>): LetterAudience {
  return t.kind === 'copro' && !t.ownerName?.trim() ? 'syndic' : 'owner';
}

/** A co-ownership's name as the register writes it in capitals (« 134 RUE LOUIS AUGUSTE BLANQUI ») is set as a letter would write it. */
function coproName(label: string): string {
  return displayAddress(label.trim());
}

/** The salutation: the legal entity when known, the co-ownership's syndic, else the owner, unnamed. */
export function salutationOf(t: LetterTarget): string {
  const owner = t.ownerName?.trim();
  if (owner) return `À l’attention de ${owner}`;
  if (t.kind === 'copro') return `Au syndic de la copropriété ${coproName(t.label)}`;
  return 'Madame, Monsieur le Propriétaire';
}

/** The recipient block printed above the address. */
export function recipientOf(t: LetterTarget): string {
  const owner = t.ownerName?.trim();
  if (owner) return owner;
  if (t.kind === 'copro') return `Syndic de la copropriété ${coproName(t.label)}`;
  return 'Madame, Monsieur le Propriétaire';
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
