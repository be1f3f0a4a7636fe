/**
 * Who is credited on a map, and for what: each source named for what it shows, only while the
 * map draws it (decision 0800). A page's layers carry the credits of what they draw in their
 * `metadata` (`credited`), never as a source attribution of MapLibre's, which would name a source
 * as soon as its layer exists, drawn or not; `MapView` names those drawn in the view, and the
 * sources of our own base where the view holds them (basemap.ts). Pure.
 */
import { NBSP } from '@immoloupe/shared/format';

/** The sales (DVF geolocated by Etalab): points, clusters, their prices on sections. */
export const SALES_CREDIT = `Ventes${NBSP}: DVF (DGFiP, Etalab)`;
export const DPE_CREDIT = `DPE${NBSP}: ADEME`;
export const COPRO_CREDIT = `Copropriétés${NBSP}: RNIC (ANAH)`;
/** Parcels and sections, and the communes outlined from them. */
export const CADASTRE_CREDIT = `Cadastre${NBSP}: DGFiP, Etalab`;
/** Our base's street names. */
export const STREET_NAMES_CREDIT = `Noms de voies${NBSP}: Base Adresse Nationale`;
/** A point placed at an address (the address analysed, a saved address). */
export const ADDRESSES_CREDIT = `Adresses${NBSP}: Base Adresse Nationale`;
/** The licence of every source above, said once at the end of the line. */
export const OPEN_LICENCE = 'Licence Ouverte 2.0';
export const PLAN_IGN_ATTRIBUTION = 'Plan IGN © IGN — Géoplateforme';

const CREDITS_KEY = 'immoloupe:credits';

/** The layer, with the credits of what it draws. */
export function credited<L extends object>(layer: L, ...credits: string[]): L & { metadata: Record<string, string[]> } {
  return { ...layer, metadata: { [CREDITS_KEY]: credits } };
}

/** The credits a layer carries (none for a layer that draws nothing of an outside source). */
export function creditsOf(layer: { metadata?: unknown } | undefined): string[] {
  const metadata = layer?.metadata as Record<string, unknown> | undefined;
  const credits = metadata?.[CREDITS_KEY];
  return Array.isArray(credits) ? credits.filter((c): c is string => typeof c === 'string') : [];
}

/**
 * The attribution line of what a map draws: each credit once, in the order given, then the
 * licence; null when it draws nothing of ours.
 */
export function attributionLine(credits: readonly string[]): string | null {
  const unique = [...new Set(credits)];
  return unique.length === 0 ? null : [...unique, OPEN_LICENCE].join(' · ');
}
