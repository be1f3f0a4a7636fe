/**
 * Localisation of a listing by its DPE (METHODOLOGY §3). A listing states rounded values (class
 * letters, kWh/m²/an and kg CO₂/m²/an to the unit, a surface that may differ from the DPE's by a
 * few per cent), and the DPE may have been redone since: every DPE of the zone is scored on all the
 * values given, with tolerances, and the best DPE of each address stands for that address.
 */
import { z } from 'zod';
import { formatDate, formatInteger, formatPercent, formatSurface, NBSP } from '../format.js';
import { ENERGY_CLASSES } from './contracts.js';
import { isWrittenAddress, type WrittenAddress } from './written-address.logic.js';

// Bounded: PostgreSQL refuses a parameter beyond its column's type (a 500 instead of a French 400).
const optionalNumber = z.coerce.number().finite().nonnegative().max(1_000_000_000).optional();
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const localisationQuerySchema = z
  .object({
    postcode: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{5}$/, 'Code postal : 5 chiffres.')
        .optional(),
    ),
    insee: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(\d{5}|2[AB]\d{3})$/i, 'Code INSEE : 5 caractères.')
        .optional(),
    ),
    type: z.preprocess(
      emptyToUndefined,
      z.enum(['maison', 'appartement'], { message: 'Type : « maison » ou « appartement ».' }).optional(),
    ),
    surface: z.preprocess(
      emptyToUndefined,
      z.coerce.number().finite().positive('Surface : un nombre de m² positif.').max(10_000).optional(),
    ),
    dpe: z.preprocess(
      (v) => (typeof v === 'string' ? v.toUpperCase() || undefined : v),
      z.enum(ENERGY_CLASSES, { message: 'Étiquette DPE : une lettre de A à G.' }).optional(),
    ),
    ges: z.preprocess(
      (v) => (typeof v === 'string' ? v.toUpperCase() || undefined : v),
      z.enum(ENERGY_CLASSES, { message: 'Étiquette GES : une lettre de A à G.' }).optional(),
    ),
    conso: z.preprocess(emptyToUndefined, optionalNumber),
    emission: z.preprocess(emptyToUndefined, optionalNumber),
  })
  .refine((q) => q.postcode || q.insee, { message: 'Indiquez le code postal (ou le code INSEE) de l’annonce.', path: ['postcode'] })
  .refine((q) => q.surface !== undefined || q.dpe || q.ges || q.conso !== undefined || q.emission !== undefined, {
    message: 'Indiquez au moins une valeur de l’annonce : surface, étiquettes ou valeurs du DPE.',
    path: ['surface'],
  });
export type LocalisationQuery = z.infer<typeof localisationQuerySchema>;

export const localisationCandidateSchema = z.object({
  address: z.string(),
  /** null: the address written in the listing, where no DPE of the data matches its values. */
  dpeNumber: z.string().nullable(),
  /** 0–100, how well the DPE explains the listing; null with `dpeNumber` (no DPE to score). */
  score: z.number().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  reasons: z.array(z.string()),
});
export type LocalisationCandidate = z.infer<typeof localisationCandidateSchema>;
export const localisationResponseSchema = z.object({ candidates: z.array(localisationCandidateSchema) });

/** One DPE of the zone, as read from the `dpe` table. */
export interface DpeForLocalisation {
  numeroDpe: string;
  address: string | null;
  /** BAN id when known; else the address text is the grouping key. */
  banId: string | null;
  /**
   * The address is the number and street the diagnostician typed (« 71 Avenue Jean Mermoz 69008
   * Lyon »), the BAN having matched the street only (`banId` is the street's): grouped on the
   * address, not on the street's id, and said to be placed at the street.
   */
  typedAddress?: boolean;
  dpeClass: string | null;
  gesClass: string | null;
  buildingType: string | null;
  surface: number | null;
  conso: number | null;
  emission: number | null;
  date: string | null;
  lat: number | null;
  lon: number | null;
  /** The number of the DPE this one replaced (`numero_dpe_remplace`): the same dwelling, redone. */
  replaces: string | null;
}

export const MAX_CANDIDATES = 10;
/** Below this, a DPE explains the listing too poorly to be shown at all. */
const MIN_LIKELIHOOD = 0.001;

/**
 * How a listing's values stray from its DPE's, and so the tolerances.
 * - kWh/m²/an and kg CO₂/m²/an: the DPE label prints them rounded to the unit and the listing copies
 *   them, so the listing's DPE lies within half a unit of the listing's value. Beyond, the value is
 *   not that DPE's rounded value: it is another dwelling's, unless the DPE was redone since or the
 *   value mistyped — an explanation of its own, `notRounding` whatever the gap (one listing in
 *   twenty; counted once for both values, which a redone DPE changes together), then decreasing by
 *   e for each `valueDecay` of the value further (a redone DPE, or a like flat of the same building,
 *   differs by a few per cent, as the surfaces do), at least a unit. A building of flats a few units
 *   off (a new-build programme) thus stays below a single DPE that matches to the unit, yet the
 *   buildings are still ranked by their near values when the listing's own DPE is not in the data.
 * - Surface: listing surfaces are rounded and may differ from the diagnostician's by a few per cent.
 * - Classes: a DPE redone since, or sitting on a threshold, shifts a class by one.
 */
const TOLERANCE = {
  surfaceDecay: 0.04,
  rounding: 0.5,
  notRounding: 0.05,
  valueDecay: 0.05,
  classOneApart: 0.2,
  classFarther: 0.02,
  otherType: 0.3,
} as const;

/** 1 within the tolerance, then decreasing exponentially with the excess. */
function within(gap: number, tolerance: number, decay: number): number {
  return gap <= tolerance ? 1 : Math.exp(-(gap - tolerance) / decay);
}

/** A listing's kWh or kg against the DPE's, beyond the rounding (`notRounding` is applied once per DPE). */
function valueFactor(listed: number, gap: number): number {
  return within(gap, TOLERANCE.rounding, Math.max(1, listed * TOLERANCE.valueDecay));
}

function classGap(a: string, b: string): number {
  return Math.abs(ENERGY_CLASSES.indexOf(a as never) - ENERGY_CLASSES.indexOf(b as never));
}

function classFactor(gap: number): number {
  return gap === 0 ? 1 : gap === 1 ? TOLERANCE.classOneApart : TOLERANCE.classFarther;
}

const kwh = (n: number) => `${formatInteger(n)}${NBSP}kWh/m²/an`;
const kg = (n: number) => `${formatInteger(n)}${NBSP}kg CO₂/m²/an`;

export interface Scored {
  /** 0–100: how well this DPE explains every value given (100: all within tolerance). */
  score: number;
  /** The same as a 0–1 likelihood, summed per address to rank addresses. */
  likelihood: number;
  reasons: string[];
}

/**
 * One DPE against the listing's values: the product of one factor per value given (each 1 within
 * its tolerance, lower beyond), so one value far off is enough to rank a DPE low.
 */
export function scoreDpe(q: LocalisationQuery, d: DpeForLocalisation): Scored {
  let likelihood = 1;
  const reasons: string[] = [];
  if (q.surface !== undefined) {
    if (d.surface === null) {
      likelihood *= TOLERANCE.otherType;
      reasons.push('Surface absente du DPE');
    } else {
      const gap = Math.abs(d.surface - q.surface) / q.surface;
      likelihood *= within(gap, 0, TOLERANCE.surfaceDecay);
      reasons.push(`Surface ${formatSurface(d.surface)} (écart ${formatPercent(gap, gap < 0.1 ? 1 : 0)})`);
    }
  }
  // A DPE redone changes its kWh and its kg together: one explanation, counted once.
  let offRounding = false;
  if (q.conso !== undefined && d.conso !== null) {
    const gap = Math.abs(d.conso - q.conso);
    likelihood *= valueFactor(q.conso, gap);
    offRounding ||= gap > TOLERANCE.rounding;
    reasons.push(
      gap <= TOLERANCE.rounding ? `Consommation ${kwh(d.conso)} : identique` : `Consommation ${kwh(d.conso)} (écart ${kwh(gap)})`,
    );
  }
  if (q.emission !== undefined && d.emission !== null) {
    const gap = Math.abs(d.emission - q.emission);
    likelihood *= valueFactor(q.emission, gap);
    offRounding ||= gap > TOLERANCE.rounding;
    reasons.push(gap <= TOLERANCE.rounding ? `Émissions ${kg(d.emission)} : identiques` : `Émissions ${kg(d.emission)} (écart ${kg(gap)})`);
  }
  if (offRounding) likelihood *= TOLERANCE.notRounding;
  if (q.dpe) {
    const gap = d.dpeClass ? classGap(q.dpe, d.dpeClass) : 9;
    likelihood *= classFactor(gap);
    reasons.push(gap === 0 ? `Étiquette DPE ${q.dpe} identique` : `Étiquette DPE ${d.dpeClass ?? 'absente'} au lieu de ${q.dpe}`);
  }
  if (q.ges) {
    const gap = d.gesClass ? classGap(q.ges, d.gesClass) : 9;
    likelihood *= classFactor(gap);
    reasons.push(gap === 0 ? `Étiquette GES ${q.ges} identique` : `Étiquette GES ${d.gesClass ?? 'absente'} au lieu de ${q.ges}`);
  }
  if (q.type && d.buildingType) {
    const same = d.buildingType === q.type || (q.type === 'appartement' && d.buildingType === 'immeuble');
    if (!same) {
      likelihood *= TOLERANCE.otherType;
      reasons.push(`DPE d’un bâtiment de type ${d.buildingType}`);
    }
  }
  if (d.date) reasons.push(`DPE du ${formatDate(d.date)}`);
  return { score: Math.round(likelihood * 1000) / 10, likelihood, reasons };
}

function addressKey(d: DpeForLocalisation, address: string): string {
  // A street matched by the BAN holds many buildings: the typed number tells them apart.
  if (d.banId && !d.typedAddress) return d.banId;
  return address.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The reason that says the point is the street's, the number being the diagnostician's. */
export const TYPED_ADDRESS_REASON = 'Numéro saisi dans le DPE, absent de la BAN\u00a0: le point est celui de la rue';

/**
 * The dwelling a DPE describes: the newest DPE of its chain of replacements (`numero_dpe_remplace`)
 * found in the zone, so a DPE redone counts once with its replacement, not as a second dwelling.
 */
function dwellingKeys(dpes: readonly DpeForLocalisation[]): (d: DpeForLocalisation) => string {
  const replacedBy = new Map<string, string>();
  for (const d of dpes) if (d.replaces && d.replaces !== d.numeroDpe) replacedBy.set(d.replaces, d.numeroDpe);
  return (d) => {
    let key = d.numeroDpe;
    const seen = new Set([key]);
    for (let next = replacedBy.get(key); next !== undefined && !seen.has(next); next = replacedBy.get(key)) {
      key = next;
      seen.add(key);
    }
    return key;
  };
}

interface AddressEvidence {
  dpe: DpeForLocalisation;
  scored: Scored;
  /** Per dwelling, the likelihood of its best DPE. */
  dwellings: Map<string, number>;
  weight: number;
}

/**
 * The candidates: DPE scored, grouped by address, best first, at most `MAX_CANDIDATES`. An address
 * stands for one building, and a listing is one of its dwellings: the address weighs the sum over
 * its dwellings of how well each explains the listing (a programme of similar flats is likelier
 * than a lone match, a DPE and its replacement are one dwelling). Equal weights are ordered by the
 * best DPE's score, then by the newest DPE (a DPE is usually made just before the sale). The best
 * DPE of an address is shown for it, with the number of dwellings matching there.
 */
export function rankCandidates(q: LocalisationQuery, dpes: readonly DpeForLocalisation[]): LocalisationCandidate[] {
  const dwellingOf = dwellingKeys(dpes);
  const byAddress = new Map<string, AddressEvidence>();
  for (const d of dpes) {
    if (!d.address) continue;
    const scored = scoreDpe(q, d);
    if (scored.likelihood < MIN_LIKELIHOOD) continue;
    const key = addressKey(d, d.address);
    const dwelling = dwellingOf(d);
    const found = byAddress.get(key);
    if (!found) {
      byAddress.set(key, { dpe: d, scored, dwellings: new Map([[dwelling, scored.likelihood]]), weight: 0 });
      continue;
    }
    found.dwellings.set(dwelling, Math.max(found.dwellings.get(dwelling) ?? 0, scored.likelihood));
    const newer = scored.score === found.scored.score && (d.date ?? '') > (found.dpe.date ?? '');
    if (scored.score > found.scored.score || newer) {
      found.dpe = d;
      found.scored = scored;
    }
  }
  for (const a of byAddress.values()) for (const l of a.dwellings.values()) a.weight += l;
  return [...byAddress.values()]
    .sort((a, b) => b.weight - a.weight || b.scored.score - a.scored.score || (b.dpe.date ?? '').localeCompare(a.dpe.date ?? ''))
    .slice(0, MAX_CANDIDATES)
    .map(({ dpe, scored, dwellings }) => ({
      address: dpe.address as string,
      dpeNumber: dpe.numeroDpe,
      score: scored.score,
      lat: dpe.lat,
      lon: dpe.lon,
      reasons: [
        ...scored.reasons,
        ...(dwellings.size > 1 ? [`${dwellings.size} DPE proches à cette adresse`] : []),
        ...(dpe.typedAddress ? [TYPED_ADDRESS_REASON] : []),
      ],
    }));
}

/** The reason that puts first the address the listing itself writes. */
export const WRITTEN_ADDRESS_REASON = 'Adresse écrite dans l’annonce';

/** The written address as the BAN imported here knows it, in the listing's commune. */
export interface BanPoint {
  label: string;
  lat: number;
  lon: number;
}

/**
 * The candidates with the address the listing writes first: the best of its DPE when the zone has
 * some there (whatever their score: the listing says it is there), else the address itself, placed
 * by the BAN when it knows it, without a DPE nor a likelihood. The other addresses follow, ranked
 * as `rankCandidates` ranks them. `town`: « 69008 Lyon », appended to an address the BAN lacks.
 */
export function rankWithWrittenAddress(
  q: LocalisationQuery,
  dpes: readonly DpeForLocalisation[],
  written: WrittenAddress,
  ban: BanPoint | null,
  town: string,
): LocalisationCandidate[] {
  const there = dpes.filter((d) => d.address && isWrittenAddress(d.address, written));
  const others = rankCandidates(
    q,
    dpes.filter((d) => !there.includes(d)),
  ).filter((c) => !isWrittenAddress(c.address, written));
  const best = there
    .map((d) => ({ d, scored: scoreDpe(q, d) }))
    .sort((a, b) => b.scored.likelihood - a.scored.likelihood || (b.d.date ?? '').localeCompare(a.d.date ?? ''))[0];
  const first: LocalisationCandidate = best
    ? {
        address: best.d.address as string,
        dpeNumber: best.d.numeroDpe,
        score: best.scored.score,
        lat: ban?.lat ?? best.d.lat,
        lon: ban?.lon ?? best.d.lon,
        reasons: [WRITTEN_ADDRESS_REASON, ...best.scored.reasons, ...(there.length > 1 ? [`${there.length} DPE à cette adresse`] : [])],
      }
    : {
        address: ban?.label ?? `${written.label} ${town}`.trim(),
        dpeNumber: null,
        score: null,
        lat: ban?.lat ?? null,
        lon: ban?.lon ?? null,
        reasons: [
          WRITTEN_ADDRESS_REASON,
          ban ? 'Adresse trouvée dans la BAN' : 'Adresse absente de la BAN importée\u00a0: non placée sur la carte',
          'Aucun DPE importé à cette adresse ne reprend les valeurs de l’annonce',
        ],
      };
  return [first, ...others].slice(0, MAX_CANDIDATES);
}
