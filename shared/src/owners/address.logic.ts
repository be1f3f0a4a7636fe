/**
 * A parcel's postal address from the legal-entity owners file (DGFiP): `N° voirie` (« 0029 »),
 * `Indice de répétition` (« B »: bis), `Nature voie` (« RUE », « VLA »), `Nom voie` (« DOUDEAUVILLE »),
 * written as the BAN writes addresses (« 29 Rue Doudeauville, 75018 Paris »): the street as the
 * commune's BAN spells it when it knows it, else `displayAddress`, which guesses no accent.
 */
import { displayAddress, spellingKey } from '../address-display.js';

export interface OwnersFileAddressParts {
  codeCommune: string;
  numeroVoirie: string | null;
  indiceRepetition: string | null;
  natureVoie: string | null;
  nomVoie: string | null;
}

/** What the BAN says of a street of the commune: its spelling, postcode and town. */
export interface BanStreet {
  nomVoie: string;
  codePostal: string | null;
  commune: string;
}

/**
 * Repetition indices La Poste knows. The file holds other letters too (« P », « Z », « S » on a
 * fifth of the Paris 18e rows with one) that no address of the street carries: a wrong « 2 S » would
 * mislead the postman more than « 2 », so they are left out.
 */
const REPETITIONS: Readonly<Record<string, string>> = { B: 'bis', T: 'ter', Q: 'quater' };

/** The town of the postal line: Paris, Lyon and Marseille, not their arrondissements. */
export function postalTown(codeCommune: string, name: string): string {
  if (/^751\d\d$/.test(codeCommune)) return 'Paris';
  if (/^6938\d$/.test(codeCommune)) return 'Lyon';
  if (/^132\d\d$/.test(codeCommune)) return 'Marseille';
  return name;
}

/**
 * « 29 Rue Doudeauville, 75018 Paris »; null without a street name. The postcode is the BAN
 * street's, else the commune's when it has only one; without either the line holds the town alone.
 */
export function ownersFileAddress(
  parts: OwnersFileAddressParts,
  commune: { nom: string; codesPostaux: readonly string[] } | undefined,
  streets: ReadonlyMap<string, BanStreet>,
): string | null {
  const name = [parts.natureVoie, parts.nomVoie]
    .map((v) => v?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  if (!parts.nomVoie?.trim()) return null;
  const ban = streets.get(spellingKey(parts.codeCommune, name));
  const numero = (parts.numeroVoirie ?? '').trim().replace(/^0+/, '');
  const indice = REPETITIONS[(parts.indiceRepetition ?? '').trim().toUpperCase()] ?? null;
  const street = [numero || null, numero ? indice : null, ban?.nomVoie ?? displayAddress(name)].filter(Boolean).join(' ');
  const postcode = ban?.codePostal ?? (commune?.codesPostaux.length === 1 ? commune.codesPostaux[0] : null);
  const town = ban?.commune ?? postalTown(parts.codeCommune, commune?.nom ?? parts.codeCommune);
  return `${street}, ${[postcode, town].filter(Boolean).join(' ')}`;
}
