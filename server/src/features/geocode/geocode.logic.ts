/**
 * Reading an address or place query: a parcel reference ("93010 AS 167", "93010 000 AS 167" or the
 * 14-character id), else a house number (with its bis/ter), a postcode and the words of the street
 * and commune. Pure.
 */
import { parcelId } from '@immoloupe/shared/geo';
import { foldText, searchText } from '../../places/search-text.logic.js';

export type ParsedQuery =
  | { kind: 'parcelle'; id: string }
  | { kind: 'texte'; numero: number | null; rep: string | null; postcode: string | null; words: string; communeWords: string };

const REPS: Record<string, string> = { b: 'bis', bis: 'bis', t: 'ter', ter: 'ter', q: 'quater', quater: 'quater', a: 'a', c: 'c', d: 'd' };

export function parseQuery(q: string): ParsedQuery {
  const compact = q.toUpperCase().replace(/[\s.-]+/g, '');
  if (/^(\d{2}|2A|2B)\d{3}[0-9A-Z]{3}[0-9A-Z]{2}\d{4}$/.test(compact)) return { kind: 'parcelle', id: compact };
  const ref = /^\s*((?:\d{2}|2A|2B)\d{3})\s+(?:(\d{3})\s+)?([0-9A-Z]{1,2})\s+(\d{1,4})\s*$/i.exec(q);
  if (ref) {
    const [, insee = '', prefix, section = '', numero = ''] = ref;
    return {
      kind: 'parcelle',
      id: parcelId({ insee: insee.toUpperCase(), prefix: prefix ?? null, section: section.toUpperCase(), numero }),
    };
  }
  const tokens = foldText(q).split(' ').filter(Boolean);
  let numero: number | null = null;
  let rep: string | null = null;
  let postcode: string | null = null;
  const rest: string[] = [];
  tokens.forEach((t, i) => {
    if (/^\d{5}$/.test(t) && postcode === null) {
      postcode = t;
      return;
    }
    const n = /^(\d{1,4})([a-z]*)$/.exec(t);
    if (n && numero === null && i === 0) {
      numero = Number(n[1]);
      const suffix = n[2] || null;
      if (suffix && REPS[suffix]) rep = REPS[suffix] ?? null;
      return;
    }
    if (numero !== null && rep === null && i === 1 && REPS[t] && t.length <= 6 && ['bis', 'ter', 'quater', 'b', 't'].includes(t)) {
      rep = REPS[t] ?? null;
      return;
    }
    rest.push(t);
  });
  const words = searchText(rest.join(' '));
  return { kind: 'texte', numero, rep, postcode, words, communeWords: foldText(rest.join(' ')) };
}

/**
 * "139 Avenue Carnot, 93140 Bondy"; in a village of a commune nouvelle, as La Poste writes it, the
 * village before the commune: "1 Rue de Paris, Pierrefitte-sur-Seine, 93380 Saint-Denis".
 */
export function addressLabel(a: {
  numero: number | null;
  rep: string | null;
  nomVoie: string;
  codePostal: string | null;
  commune: string;
  ancienneCommune?: string | null;
}): string {
  const street = [a.numero === null ? null : String(a.numero), a.rep, a.nomVoie].filter(Boolean).join(' ');
  return [street, villageOf(a), [a.codePostal, a.commune].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** The columns of a `ban_addresses` row its label is made of. */
export interface BanAddressNaming {
  numero: number | null;
  rep: string | null;
  nom_voie: string;
  code_postal: string | null;
  nom_commune: string;
  nom_ancienne_commune: string | null;
}

/** The label of a `ban_addresses` row, as the geocoder and the parcel addresses give it. */
export function banAddressLabel(r: BanAddressNaming): string {
  return addressLabel({
    numero: r.numero,
    rep: r.rep,
    nomVoie: r.nom_voie,
    codePostal: r.code_postal,
    commune: r.nom_commune,
    ancienneCommune: r.nom_ancienne_commune,
  });
}

/** The former commune of an address, unless it is the commune itself (a chef-lieu keeps its name). */
export function villageOf(a: { commune: string; ancienneCommune?: string | null }): string | null {
  return a.ancienneCommune && foldText(a.ancienneCommune) !== foldText(a.commune) ? a.ancienneCommune : null;
}
