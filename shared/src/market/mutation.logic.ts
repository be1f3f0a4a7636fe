/**
 * METHODOLOGY §1: from DVF lines to the sales that statistics may use. A mutation (one sale deed)
 * groups lines; it is kept for statistics only when its nature is a sale, it holds exactly one
 * built local, its price and surface are known, and the figures fall inside plausibility bounds.
 * Everything else stays visible in transaction lists, but never feeds a median.
 */
import { Dec } from './decimal.js';
import { type DvfLine, type Nature, natureOf, type PropertyType, propertyTypeOfCode, STAT_NATURES } from './dvf.js';

/** The fields of a line this module reads; the database rows and the CSV parsers both provide them. */
export type MutationLine = Pick<
  DvfLine,
  | 'idMutation'
  | 'date'
  | 'numeroDisposition'
  | 'natureLabel'
  | 'valeurFonciere'
  | 'insee'
  | 'idParcelle'
  | 'codeTypeLocal'
  | 'surfaceReelleBati'
  | 'nombrePiecesPrincipales'
  | 'lon'
  | 'lat'
>;

export interface Mutation<L extends MutationLine = MutationLine> {
  key: string;
  date: string;
  nature: Nature | null;
  natureLabel: string;
  /** The price of the whole deed (repeated on each of its lines in DVF). */
  valeurFonciere: number | null;
  insee: string;
  lines: L[];
  /** Distinct parcels of the mutation, in file order. */
  parcelles: string[];
}

/**
 * Grouping key of a raw DGFiP line, which has no mutation id: date + price + disposition number
 * + commune (METHODOLOGY §1.1). The disposition number loses its zero padding (`000001` and `1`
 * are the same disposition) and the price is compared as a number (`188000,00` = `188000`).
 * Known limit: two distinct deeds signed the same day in the same commune for exactly the same
 * price with the same disposition number are merged; they then count as one multi-local mutation,
 * which statistics drop, so no median is biased by it.
 */
export function rawMutationKey(line: Pick<MutationLine, 'date' | 'valeurFonciere' | 'numeroDisposition' | 'insee'>): string {
  const disposition = (line.numeroDisposition ?? '').replace(/^0+(?=\d)/, '');
  const price = line.valeurFonciere === null ? '' : String(line.valeurFonciere);
  return `${line.date}|${price}|${disposition}|${line.insee}`;
}

/** geo-DVF's `id_mutation` when the line has one, the raw grouping key otherwise. */
export function mutationKey(line: MutationLine): string {
  return line.idMutation ?? rawMutationKey(line);
}

/** Groups lines into mutations, in the order each mutation first appears. */
export function groupMutations<L extends MutationLine>(lines: Iterable<L>): Mutation<L>[] {
  const byKey = new Map<string, Mutation<L>>();
  for (const line of lines) {
    const key = mutationKey(line);
    let m = byKey.get(key);
    if (!m) {
      m = {
        key,
        date: line.date,
        nature: natureOf(line.natureLabel),
        natureLabel: line.natureLabel,
        valeurFonciere: line.valeurFonciere,
        insee: line.insee,
        lines: [],
        parcelles: [],
      };
      byKey.set(key, m);
    }
    m.lines.push(line);
    if (line.idParcelle && !m.parcelles.includes(line.idParcelle)) m.parcelles.push(line.idParcelle);
  }
  return [...byKey.values()];
}

export interface BuiltLocal<L extends MutationLine = MutationLine> {
  type: PropertyType;
  surface: number | null;
  rooms: number | null;
  /** The first line that describes this local (its position is the sale's position). */
  line: L;
}

/**
 * What a mutation sold, counting only built locals of type 1, 2 or 4. Dependencies (type 3) and
 * land-only lines are ignored: they never make a mutation mixed. The same local is repeated on
 * each land-use line of its parcel, so locals are deduplicated on (type, surface, rooms).
 */
export type Composition<L extends MutationLine = MutationLine> =
  | { kind: 'single'; local: BuiltLocal<L> }
  | { kind: 'several'; locals: BuiltLocal<L>[]; mixed: boolean }
  | { kind: 'none' };

export function composition<L extends MutationLine>(m: Mutation<L>): Composition<L> {
  const locals = new Map<string, BuiltLocal<L>>();
  for (const line of m.lines) {
    const type = propertyTypeOfCode(line.codeTypeLocal);
    if (!type) continue;
    const key = `${type}|${line.surfaceReelleBati ?? ''}|${line.nombrePiecesPrincipales ?? ''}`;
    if (!locals.has(key)) locals.set(key, { type, surface: line.surfaceReelleBati, rooms: line.nombrePiecesPrincipales, line });
  }
  const list = [...locals.values()];
  const [first] = list;
  if (!first) return { kind: 'none' };
  if (list.length === 1) return { kind: 'single', local: first };
  return { kind: 'several', locals: list, mixed: new Set(list.map((l) => l.type)).size > 1 };
}

export interface Range {
  min: number;
  max: number;
}

/**
 * Plausibility bounds (METHODOLOGY §1.6), inclusive. The defaults are those of the public
 * "Indicateurs immobiliers par commune" dataset, which bounds surfaces of flats and houses only:
 * commercial premises (`local`) get no surface bound, only the price and €/m² bounds.
 */
export interface PlausibilityBounds {
  price: Range;
  surface: Record<PropertyType, Range | null>;
  pricePerM2: Range;
}

export const DEFAULT_BOUNDS: PlausibilityBounds = {
  price: { min: 15_000, max: 10_000_000 },
  surface: { appartement: { min: 10, max: 250 }, maison: { min: 10, max: 400 }, local: null },
  pricePerM2: { min: 330, max: 15_000 },
};

/** €/m² at or above this are data errors whatever the configured bounds (METHODOLOGY §1.5). */
export const PRICE_PER_M2_HARD_LIMIT = 100_000;

/** A mutation as statistics see it: one built local, one price. */
export interface Sale {
  key: string;
  date: string;
  nature: Nature;
  insee: string;
  type: PropertyType;
  /** `surface_reelle_bati` (not Carrez), m². */
  surface: number;
  rooms: number | null;
  price: number;
  /** price / surface, 20 significant digits. */
  pricePerM2: number;
  idParcelle: string | null;
  lon: number | null;
  lat: number | null;
}

export type ExclusionReason =
  | 'nature'
  | 'no-local'
  | 'several-locals'
  | 'missing-price'
  | 'missing-surface'
  | 'hard-limit'
  | 'price-bounds'
  | 'surface-bounds'
  | 'price-per-m2-bounds';

export const EXCLUSION_LABELS: Record<ExclusionReason, string> = {
  nature: 'Nature de mutation exclue (échange, expropriation, terrain à bâtir)',
  'no-local': 'Aucun local bâti (dépendances ou terrain seuls)',
  'several-locals': 'Plusieurs locaux vendus ensemble\u00a0: prix non divisible',
  'missing-price': 'Prix absent ou nul',
  'missing-surface': 'Surface bâtie absente ou nulle',
  'hard-limit': 'Prix au m² aberrant (100 000 €/m² ou plus)',
  'price-bounds': 'Prix hors bornes de plausibilité',
  'surface-bounds': 'Surface hors bornes de plausibilité',
  'price-per-m2-bounds': 'Prix au m² hors bornes de plausibilité',
};

export type SaleVerdict = { ok: true; sale: Sale } | { ok: false; reason: ExclusionReason };

function inside(value: number, range: Range): boolean {
  return value >= range.min && value <= range.max;
}

/** METHODOLOGY §1.2–1.6 applied to one mutation, in that order; the first failed rule is the reason. */
export function saleForStatistics<L extends MutationLine>(m: Mutation<L>, bounds: PlausibilityBounds = DEFAULT_BOUNDS): SaleVerdict {
  if (!m.nature || !STAT_NATURES.includes(m.nature)) return { ok: false, reason: 'nature' };
  const c = composition(m);
  if (c.kind === 'none') return { ok: false, reason: 'no-local' };
  if (c.kind === 'several') return { ok: false, reason: 'several-locals' };
  const { local } = c;
  const price = m.valeurFonciere;
  if (price === null || !Number.isFinite(price) || price <= 0) return { ok: false, reason: 'missing-price' };
  if (local.surface === null || !Number.isFinite(local.surface) || local.surface <= 0) return { ok: false, reason: 'missing-surface' };
  const pricePerM2 = new Dec(price).div(local.surface).toNumber();
  if (pricePerM2 >= PRICE_PER_M2_HARD_LIMIT) return { ok: false, reason: 'hard-limit' };
  if (!inside(price, bounds.price)) return { ok: false, reason: 'price-bounds' };
  const surfaceRange = bounds.surface[local.type];
  if (surfaceRange && !inside(local.surface, surfaceRange)) return { ok: false, reason: 'surface-bounds' };
  if (!inside(pricePerM2, bounds.pricePerM2)) return { ok: false, reason: 'price-per-m2-bounds' };
  const located = local.line.lon !== null && local.line.lat !== null ? local.line : m.lines.find((l) => l.lon !== null && l.lat !== null);
  return {
    ok: true,
    sale: {
      key: m.key,
      date: m.date,
      nature: m.nature,
      insee: m.insee,
      type: local.type,
      surface: local.surface,
      rooms: local.rooms,
      price,
      pricePerM2,
      idParcelle: local.line.idParcelle,
      lon: located?.lon ?? null,
      lat: located?.lat ?? null,
    },
  };
}

/** The sales statistics may use, from lines of any source. */
export function salesForStatistics<L extends MutationLine>(lines: Iterable<L>, bounds: PlausibilityBounds = DEFAULT_BOUNDS): Sale[] {
  const sales: Sale[] = [];
  for (const m of groupMutations(lines)) {
    const v = saleForStatistics(m, bounds);
    if (v.ok) sales.push(v.sale);
  }
  return sales;
}
