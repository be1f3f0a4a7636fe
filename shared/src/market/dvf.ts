/**
 * The vocabulary of DVF (Demandes de valeurs foncières) as the market features use it: natures of
 * mutation, types of local, and one normalised line whatever the source file (Etalab geo-DVF or the
 * raw DGFiP `ValeursFoncieres-YYYY.txt`). The importer stores lines in this shape; the pure logic of
 * METHODOLOGY §1–2 reads it.
 */

/** Natures of mutation, as API values. The first three are the ones kept for statistics (METHODOLOGY §1.2). */
export const NATURES = ['vente', 'vefa', 'adjudication', 'echange', 'expropriation', 'terrain'] as const;
export type Nature = (typeof NATURES)[number];

export const STAT_NATURES: readonly Nature[] = ['vente', 'vefa', 'adjudication'];

export const NATURE_LABELS: Record<Nature, string> = {
  vente: 'Vente',
  vefa: 'Vente en l’état futur d’achèvement',
  adjudication: 'Adjudication',
  echange: 'Échange',
  expropriation: 'Expropriation',
  terrain: 'Vente terrain à bâtir',
};

/** Types of built local kept for statistics, as API values, with their DVF `code_type_local`. */
export const PROPERTY_TYPES = ['maison', 'appartement', 'local'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const TYPE_CODES: Record<PropertyType, 1 | 2 | 4> = { maison: 1, appartement: 2, local: 4 };

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  maison: 'Maison',
  appartement: 'Appartement',
  local: 'Local industriel ou commercial',
};

/** `code_type_local` 3: a dependency (cellar, parking space…); it never makes a mutation mixed. */
export const DEPENDANCE_CODE = 3;

export function propertyTypeOfCode(code: number | null | undefined): PropertyType | null {
  if (code === 1) return 'maison';
  if (code === 2) return 'appartement';
  if (code === 4) return 'local';
  return null;
}

function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[’']/g, "'")
    .trim()
    .toLowerCase();
}

/**
 * The nature of a DVF line from its French label. geo-DVF writes `Echange`, the raw files
 * `Echange` or `Échange` depending on the year: the comparison ignores accents and case.
 */
export function natureOf(label: string): Nature | null {
  switch (fold(label)) {
    case 'vente':
      return 'vente';
    case "vente en l'etat futur d'achevement":
      return 'vefa';
    case 'adjudication':
      return 'adjudication';
    case 'echange':
      return 'echange';
    case 'expropriation':
      return 'expropriation';
    case 'vente terrain a batir':
      return 'terrain';
    default:
      return null;
  }
}

/** One Carrez lot of a line (up to five per line in DVF). */
export interface DvfLot {
  numero: string;
  surfaceCarrez: number | null;
}

/**
 * One DVF line: one local, dependency or land-use line of a mutation. Missing values are null.
 * `idMutation` exists in geo-DVF only; raw DGFiP lines are grouped by `rawMutationKey`.
 */
export interface DvfLine {
  idMutation: string | null;
  /** ISO date `YYYY-MM-DD`. */
  date: string;
  numeroDisposition: string | null;
  /** Label as in the file (`Vente`, `Echange`…). */
  natureLabel: string;
  valeurFonciere: number | null;
  /** INSEE code of the commune (5 characters). */
  insee: string;
  nomCommune: string | null;
  codePostal: string | null;
  adresseNumero: string | null;
  adresseSuffixe: string | null;
  adresseNomVoie: string | null;
  /** 14-character parcel id. */
  idParcelle: string | null;
  codeTypeLocal: number | null;
  typeLocal: string | null;
  surfaceReelleBati: number | null;
  nombrePiecesPrincipales: number | null;
  surfaceTerrain: number | null;
  natureCulture: string | null;
  nombreLots: number | null;
  lots: DvfLot[];
  lon: number | null;
  lat: number | null;
}

/**
 * The DGFiP's numbers for a parcel of a street that has none (« 9001 CHE DE BIANTENIA »,
 * 9000 to 9999 in the Hendaye sample's 2019–2023 sales): not a house number.
 */
export function isPlaceholderNumber(numero: string | null): boolean {
  const n = Number((numero ?? '').trim());
  return Number.isInteger(n) && n >= 9000 && n <= 9999;
}

/**
 * The address of a line in one French string, e.g. `3 B RUE DES LILAS`; a placeholder number
 * (and its suffix) left out: `CHE DE BIANTENIA`.
 */
export function lineAddress(line: Pick<DvfLine, 'adresseNumero' | 'adresseSuffixe' | 'adresseNomVoie'>): string {
  const numbered = !isPlaceholderNumber(line.adresseNumero);
  return [numbered ? line.adresseNumero : null, numbered ? line.adresseSuffixe : null, line.adresseNomVoie]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
}
