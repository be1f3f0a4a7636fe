/**
 * A DVF row as the API gives it: type labels, the BAN's spelling of its street, its commune's
 * current name, the plausibility verdict. Used by the transactions routes and by the address
 * analysis (through this feature's index).
 */
import { displayDvfAddress, type StreetSpellings } from '@immoloupe/shared/address-display';
import { lineAddress, NATURE_LABELS, natureOf } from '@immoloupe/shared/market/dvf';
import type { Transaction, TransactionType } from '@immoloupe/shared/market/transactions-contracts';
import type { Queryable } from '../../db/client.js';
import { communeInfo } from '../../places/commune-info.js';
import { streetSpellings } from '../geocode/index.js';
import type { TransactionRow } from './queries.js';

const TYPE_OF_CODE: Record<number, TransactionType> = { 1: 'maison', 2: 'appartement', 3: 'dependance', 4: 'local' };

type AddressParts = { adresse_numero: string | null; adresse_suffixe: string | null; adresse_nom_voie: string | null };

/** A sale's address, its street as the commune's BAN writes it (`streetSpellings` of the page's communes). */
export function addressOf(r: AddressParts, insee: string, spellings: StreetSpellings): string {
  return displayDvfAddress(
    lineAddress({ adresseNumero: r.adresse_numero, adresseSuffixe: r.adresse_suffixe, adresseNomVoie: r.adresse_nom_voie }),
    insee,
    spellings,
  );
}

/** The rows as the API gives them, with the BAN's spelling of their streets. */
export async function toTransactions(db: Queryable, rows: readonly TransactionRow[]): Promise<Transaction[]> {
  const spellings = await streetSpellings(
    db,
    rows.map((r) => r.code_commune),
  );
  // Only single sales are in dvf_sales, each with its verdict of the plausibility bounds.
  const singles = rows.filter((r) => r.nb_locaux === 1).map((r) => r.id_mutation);
  const outliers = new Set(
    singles.length === 0
      ? []
      : (
          await db.query<{ id_mutation: string }>(
            'SELECT id_mutation FROM dvf_sales WHERE id_mutation = ANY($1::text[]) AND NOT within_bounds',
            [singles],
          )
        ).map((o) => o.id_mutation),
  );
  return rows.map((r) => toTransaction(r, spellings, outliers.has(r.id_mutation)));
}

/** The nature as the pages write it (« Vente en l’état futur d’achèvement », typographic apostrophes), whatever the file's spelling. */
export function natureLabel(label: string): string {
  const nature = natureOf(label);
  return nature ? NATURE_LABELS[nature] : label;
}

export function toTransaction(r: TransactionRow, spellings: StreetSpellings, outlier: boolean): Transaction {
  const types = r.type_codes.map((c) => TYPE_OF_CODE[c]).filter((t): t is TransactionType => Boolean(t));
  return {
    id: r.id_mutation,
    date: r.date_mutation,
    nature: natureLabel(r.nature_mutation),
    price: r.valeur_fonciere,
    address: addressOf(r, r.code_commune, spellings),
    codePostal: r.code_postal,
    commune: communeInfo(r.code_commune)?.nom ?? r.nom_commune ?? r.code_commune,
    insee: r.code_commune,
    types: types.length ? types : ['terrain'],
    surface: r.surface,
    // The DGFiP writes 0 rooms for shops and outbuildings: no dwelling has none (a studio has one).
    rooms: r.rooms === 0 ? null : r.rooms,
    pricePerM2: r.prix_m2 === null ? null : Math.round(r.prix_m2 * 100) / 100,
    landSurface: r.land,
    nbLocaux: r.nb_locaux,
    single: r.nb_locaux === 1,
    outlier,
    idParcelle: r.id_parcelle,
    lon: r.longitude,
    lat: r.latitude,
  };
}
