/**
 * A company's registered office (siège social) from the public « API Recherche d'entreprises »
 * (`GET /search?q=<SIREN>`, no key; INSEE Sirene): the answer read with zod, its office as the
 * postal parts of a letter (« 12 bis Rue de la Paix », « 75002 », « Paris »). A ceased company,
 * a closed office (`etat_administratif` « C », « F »), an office abroad or a company of another
 * SIREN is no office.
 */
import { z } from 'zod';
import { displayAddress } from '../address-display.js';

const text = z.string().nullish();

export const searchAnswerSchema = z.object({
  results: z.array(
    z.object({
      siren: z.string(),
      /** « A » active, « C » ceased. */
      etat_administratif: text,
      nom_complet: text,
      nom_raison_sociale: text,
      siege: z
        .object({
          etat_administratif: text,
          complement_adresse: text,
          numero_voie: text,
          indice_repetition: text,
          type_voie: text,
          libelle_voie: text,
          distribution_speciale: text,
          code_postal: text,
          libelle_commune: text,
          cedex: text,
          libelle_cedex: text,
          libelle_commune_etranger: text,
          libelle_pays_etranger: text,
        })
        .nullish(),
    }),
  ),
  total_results: z.number().optional(),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export interface CompanyOffice {
  name: string | null;
  complement: string | null;
  street: string;
  postcode: string | null;
  town: string;
}

const REPETITIONS: Readonly<Record<string, string>> = { B: 'bis', T: 'ter', Q: 'quater', C: 'quinquies' };

/** Sirene's road types (« AV », « BD », « CHE ») as `displayAddress` spells them out. */
function street(numero: string | null | undefined, indice: string | null | undefined, type: string | null | undefined, voie: string) {
  const rep = indice ? (REPETITIONS[indice.trim().toUpperCase()] ?? null) : null;
  return [numero?.trim() || null, numero?.trim() ? rep : null, displayAddress([type?.trim(), voie.trim()].filter(Boolean).join(' '))]
    .filter(Boolean)
    .join(' ');
}

/** The office of `siren` in an answer of the API, or null (unknown, closed, abroad, no street). */
export function officeOfAnswer(answer: SearchAnswer, siren: string): CompanyOffice | null {
  const company = answer.results.find((r) => r.siren === siren);
  const s = company?.siege;
  if (!company || !s || company.etat_administratif === 'C' || s.etat_administratif === 'F' || s.libelle_pays_etranger) return null;
  const voie = s.libelle_voie?.trim();
  const cedex = s.cedex?.trim();
  const town = (cedex ? s.libelle_cedex : s.libelle_commune)?.trim();
  if (!voie || !town) return null;
  const complement = [s.complement_adresse, s.distribution_speciale]
    .map((v) => v?.trim())
    .filter(Boolean)
    .join(', ');
  return {
    name: company.nom_raison_sociale?.trim() || company.nom_complet?.trim() || null,
    complement: complement ? displayAddress(complement) : null,
    street: street(s.numero_voie, s.indice_repetition, s.type_voie, voie),
    postcode: (cedex || s.code_postal?.trim()) ?? null,
    town: displayAddress(town),
  };
}
