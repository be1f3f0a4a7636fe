/**
 * What the panel shows, computed from a parsed listing and the server's analysis: every figure
 * formatted in French, every comparison decided here (pure, tested), so the React view only lays
 * out lines.
 */
import type { ListingAnalysis } from '@immoloupe/shared/extension/contracts';
import {
  formatDate,
  formatEuros,
  formatEurosPerSquareMetre,
  formatEurosPerSquareMetreMonth,
  formatInteger,
  formatPercent,
  formatSurface,
  NBSP,
} from '@immoloupe/shared/format';
import { type ParsedListing, PORTAL_LABELS } from '@immoloupe/shared/listings/contracts';
import { displayTown } from '@immoloupe/shared/listings/text.logic';
import { departementOfCodes, importHintText } from '@immoloupe/shared/opendata/import-hint';
import { formatMonthlyRent, formatYield, rentReferenceLine, withinIntervalLabel } from '@immoloupe/shared/rents/rents.logic';

export type Tone = 'above' | 'below' | 'level' | 'neutral';

export interface PanelView {
  heading: string;
  fields: { label: string; value: string }[];
  /** Fields a comparison needs that the page did not give. */
  missing: string[];
  pricePerM2: string | null;
  comparison: { headline: string; tone: Tone; detail: string } | { headline: null; message: string };
  estimate: { label: string; range: string; gap: string | null } | null;
  /**
   * The Carte des loyers: a rental against the commune's reference, a sale's gross yield at its
   * asking price, or what is missing; null when the listing is not a flat or a house said for sale
   * or rent in a known commune.
   */
  rent: { heading: string; headline: string; tone: Tone; detail: string } | { heading: string; headline: null; message: string } | null;
  /** The heading of the candidates: as sure as the best of them (`localisationHeading`). */
  candidatesHeading: string;
  candidates: { label: string; score: string; detail?: string }[];
  candidatesMessage: string | null;
  rentalBan: { text: string; tone: Tone } | null;
}

/** Within ±5 % of the median a price is said to be level with it. */
export const LEVEL_BAND = 0.05;

const TYPE_LABELS: Record<NonNullable<ParsedListing['propertyType']>, string> = {
  appartement: 'Appartement',
  maison: 'Maison',
  terrain: 'Terrain',
  parking: 'Parking',
  local: 'Local',
  immeuble: 'Immeuble',
  autre: 'Bien',
};

/** Loi Climat et Résilience: from these dates a dwelling of this DPE class may no longer be let (mainland France). */
export const RENTAL_BAN: Partial<Record<NonNullable<ParsedListing['dpeClass']>, string>> = {
  G: '2025-01-01',
  F: '2028-01-01',
  E: '2034-01-01',
};

export function rentalBanOf(dpeClass: ParsedListing['dpeClass'], today: string): PanelView['rentalBan'] {
  if (!dpeClass) return null;
  const date = RENTAL_BAN[dpeClass];
  if (!date)
    return { text: `DPE ${dpeClass}${NBSP}: aucune interdiction de louer prévue par la loi Climat et Résilience.`, tone: 'neutral' };
  return date <= today
    ? { text: `DPE ${dpeClass}${NBSP}: location interdite depuis le ${formatDate(date)} (loi Climat et Résilience).`, tone: 'above' }
    : { text: `DPE ${dpeClass}${NBSP}: location interdite à partir du ${formatDate(date)} (loi Climat et Résilience).`, tone: 'above' };
}

/** From this likelihood (%) of the best candidate, the localisation is « probable »; from the next, « possible ». */
export const PROBABLE_FROM = 50;
export const POSSIBLE_FROM = 10;

/**
 * The heading over the localisation candidates, from the best one's likelihood (0–100): a candidate
 * at « < 1 % » is no « probable » place.
 */
/** The heading when the listing writes its address and no DPE loaded there matches it. */
export const WRITTEN_ADDRESS_HEADING = 'Localisation écrite dans l’annonce';

function bestScore(scores: readonly (number | null)[]): number | null {
  const known = scores.filter((s): s is number => s !== null);
  return known.length > 0 ? Math.max(...known) : null;
}

export function localisationHeading(best: number | null): string {
  if (best === null) return 'Localisation par le DPE';
  if (best >= PROBABLE_FROM) return 'Localisation probable';
  return best >= POSSIBLE_FROM ? 'Localisation possible' : 'Localisation incertaine';
}

function plural(n: number, one: string, many: string): string {
  return `${formatInteger(n)}${NBSP}${n > 1 ? many : one}`;
}

function signedPercent(ratio: number): string {
  return `${ratio > 0 ? '+' : ''}${formatPercent(ratio)}`;
}

function toneOf(gap: number): Tone {
  if (Math.abs(gap) < LEVEL_BAND) return 'level';
  return gap > 0 ? 'above' : 'below';
}

const clean = (s: string | undefined) => s?.replace(/\s+/g, ' ').trim() || undefined;

/** What the panel says of a listing whose page does not state sale or rent: it compares nothing. */
export const PANEL_TRANSACTION_UNKNOWN =
  'Vente ou location\u00a0? L’annonce ne le dit pas\u00a0: pas de comparaison. Précisez-le dans l’analyse d’annonce d’Immoloupe.';
/** What the panel says of a rental: its rent per m² and month is compared with no sale. */
export const PANEL_RENT = 'Location\u00a0: loyer au m² par mois, non comparé aux ventes DVF (qui ne donnent pas de loyer).';

function rentOf(listing: ParsedListing, analysis: ListingAnalysis, perM2: number | null): PanelView['rent'] {
  const { rent } = analysis;
  if (!rent) return null;
  const { reference, comparison } = rent;
  if (!reference)
    return {
      heading: 'Loyer de référence',
      headline: null,
      message: `Aucun loyer de référence (Carte des loyers) chargé pour ${analysis.commune?.nom ?? 'la commune'}. ${importHintText({
        role: null,
        source: 'loyers',
        departement: analysis.commune ? departementOfCodes([analysis.commune.insee]) : null,
      })}`,
    };
  if (comparison)
    return {
      heading: 'Face au loyer de référence',
      headline: `${formatEurosPerSquareMetreMonth(perM2 ?? comparison.askingM2)}, ${comparison.sentence}`,
      tone: toneOf(comparison.gap),
      detail: [`${rentReferenceLine(reference)}.`, withinIntervalLabel(comparison)].filter(Boolean).join(' '),
    };
  if (rent.grossYield && rent.monthly)
    return {
      heading: 'Loyer et rendement',
      headline: `Rendement brut au prix demandé${NBSP}: ${formatYield(rent.grossYield)}`,
      tone: 'neutral',
      detail: `Loyer estimé${NBSP}: ${formatMonthlyRent(rent.monthly)}, d’après ${rentReferenceLine(reference)}. Rendement brut = 12 × loyer / prix.`,
    };
  return {
    heading: 'Loyer de référence',
    headline: null,
    message: `${rentReferenceLine(reference)}. ${listing.transaction === 'location' ? 'Loyer' : 'Prix'} ou surface absent de l’annonce${NBSP}: pas de comparaison.`,
  };
}

function fieldsOf(l: ParsedListing): PanelView['fields'] {
  const rent = l.transaction === 'location';
  const fields: PanelView['fields'] = [];
  if (l.price !== undefined)
    fields.push({ label: rent ? 'Loyer' : 'Prix', value: rent ? `${formatEuros(l.price)}/mois` : formatEuros(l.price) });
  fields.push({ label: 'Transaction', value: l.transaction ? (rent ? 'Location' : 'Vente') : 'Non précisée par l’annonce' });
  if (l.propertyType) fields.push({ label: 'Type', value: TYPE_LABELS[l.propertyType] });
  if (l.surface !== undefined) fields.push({ label: 'Surface', value: formatSurface(l.surface) });
  if (l.rooms !== undefined) fields.push({ label: 'Pièces', value: formatInteger(l.rooms) });
  if (l.bedrooms !== undefined) fields.push({ label: 'Chambres', value: formatInteger(l.bedrooms) });
  if (l.landArea !== undefined) fields.push({ label: 'Terrain', value: formatSurface(l.landArea) });
  if (l.floor !== undefined) fields.push({ label: 'Étage', value: l.floor === 0 ? 'rez-de-chaussée' : formatInteger(l.floor) });
  if (l.dpeClass)
    fields.push({
      label: 'DPE',
      value: l.dpeValue !== undefined ? `${l.dpeClass} (${formatInteger(l.dpeValue)}${NBSP}kWh/m²/an)` : l.dpeClass,
    });
  if (l.gesClass)
    fields.push({
      label: 'GES',
      value: l.gesValue !== undefined ? `${l.gesClass} (${formatInteger(l.gesValue)}${NBSP}kg CO₂/m²/an)` : l.gesClass,
    });
  const city = clean(l.city);
  const place = [city && displayTown(city), l.postcode && `(${l.postcode})`].filter(Boolean).join(' ');
  if (place) fields.push({ label: 'Localité', value: place });
  return fields;
}

export function panelView(listing: ParsedListing, analysis: ListingAnalysis, today: string): PanelView {
  // Never guessed: only a listing that says it is a sale is compared with DVF sales.
  const rent = listing.transaction === 'location';
  const sale = listing.transaction === 'vente';
  const { price, surface } = listing;
  const missing = [
    price === undefined && (rent ? 'loyer' : 'prix'),
    surface === undefined && 'surface',
    !listing.postcode && 'code postal',
  ].filter((m): m is string => typeof m === 'string');
  const perM2 = price !== undefined && surface !== undefined ? price / surface : null;
  const median = analysis.market?.median ?? null;
  const count = analysis.market?.count ?? 0;
  const where = analysis.commune?.nom ?? 'la commune';
  const period = analysis.period ? `ventes du ${formatDate(analysis.period.from)} au ${formatDate(analysis.period.to)}` : '';
  const medianDetail =
    median !== null
      ? `Médiane DVF à ${where}${NBSP}: ${formatEurosPerSquareMetre(median)} sur ${plural(count, 'vente', 'ventes')} (${period}).`
      : '';

  let comparison: PanelView['comparison'];
  if (!listing.transaction) comparison = { headline: null, message: PANEL_TRANSACTION_UNKNOWN };
  else if (rent) comparison = { headline: null, message: PANEL_RENT };
  else if (!analysis.commune)
    comparison = { headline: null, message: 'Commune introuvable d’après l’annonce\u00a0: pas de comparaison avec les ventes DVF.' };
  else if (!analysis.market)
    comparison = {
      headline: null,
      // The panel has no role: its reader is a subscriber, who asks the team for the import.
      message: `Aucune vente DVF chargée pour ${where}. ${importHintText({ role: null, source: 'dvf', departement: departementOfCodes([analysis.commune.insee]) })}`,
    };
  else if (median === null)
    comparison = {
      headline: null,
      message: `Pas assez de ventes DVF à ${where} (${plural(count, 'vente', 'ventes')}, il en faut 3) pour une médiane.`,
    };
  else if (perM2 === null)
    comparison = { headline: null, message: `${medianDetail} Prix ou surface absent de l’annonce\u00a0: pas de comparaison.` };
  else {
    const gap = perM2 / median - 1;
    const tone = toneOf(gap);
    const headline =
      tone === 'level'
        ? `${formatEurosPerSquareMetre(perM2)}, au niveau de la médiane (${signedPercent(gap)})`
        : `${formatEurosPerSquareMetre(perM2)}, ${signedPercent(gap)} ${tone === 'above' ? 'au-dessus' : 'en dessous'} de la médiane`;
    comparison = { headline, tone, detail: medianDetail };
  }

  let estimate: PanelView['estimate'] = null;
  const { q1, q3 } = analysis.market ?? { q1: null, q3: null };
  if (sale && surface !== undefined && median !== null && q1 !== null && q3 !== null) {
    const low = q1 * surface;
    const high = q3 * surface;
    let gap: string | null = null;
    if (price !== undefined) {
      const mid = median * surface;
      const ratio = price / mid - 1;
      const position = price > high ? ', au-dessus de la fourchette' : price < low ? ', sous la fourchette' : ', dans la fourchette';
      gap = `Prix demandé${NBSP}: ${signedPercent(ratio)} par rapport à l’estimation médiane de ${formatEuros(mid)}${position}.`;
    }
    estimate = {
      label: 'Estimation (quartiles DVF)',
      range: `${formatEuros(low)} – ${formatEuros(high)}`,
      gap,
    };
  }

  const found = analysis.localisation?.candidates ?? [];
  const candidates = found.slice(0, 3).map((c) => ({
    label: c.label,
    // A likelihood under 1 % would round to « 0 % », which reads as « impossible »; no likelihood
    // for the address the listing writes where no DPE is loaded (the heading and detail say whose).
    score: c.score === null ? 'sans DPE' : c.score < 1 ? '<\u00a01\u00a0%' : formatPercent(c.score / 100),
    ...(c.detail ? { detail: c.detail } : {}),
  }));
  const candidatesMessage = !analysis.localisation
    ? 'Localisation par DPE indisponible pour cette annonce.'
    : candidates.length === 0
      ? 'Aucun logement des DPE chargés ne correspond à cette annonce.'
      : null;

  const heading = [PORTAL_LABELS[listing.portal], clean(listing.title)].filter(Boolean).join(' · ');
  return {
    heading,
    fields: fieldsOf(listing),
    missing,
    pricePerM2:
      perM2 === null || !listing.transaction ? null : rent ? formatEurosPerSquareMetreMonth(perM2) : formatEurosPerSquareMetre(perM2),
    comparison,
    estimate,
    rent: rentOf(listing, analysis, perM2),
    candidatesHeading:
      found[0] && found[0].score === null ? WRITTEN_ADDRESS_HEADING : localisationHeading(bestScore(found.map((c) => c.score))),
    candidates,
    candidatesMessage,
    rentalBan: rentalBanOf(listing.dpeClass, today),
  };
}

/** The badge of a search-result card: its €/m² against the median, or null when it cannot say. */
export function badgeOf(listing: ParsedListing, analysis: ListingAnalysis): { text: string; tone: Tone } | null {
  const median = analysis.market?.median ?? null;
  if (listing.transaction !== 'vente' || !listing.price || !listing.surface || median === null) return null;
  const perM2 = listing.price / listing.surface;
  const gap = perM2 / median - 1;
  return { text: `${formatEurosPerSquareMetre(perM2)} · ${signedPercent(gap)} vs médiane DVF`, tone: toneOf(gap) };
}
