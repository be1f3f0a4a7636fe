/**
 * The parcel sheet: one parcel and what the open data says about it. DPE are linked through their
 * BAN address when the address names the parcel, else by their point inside the outline.
 */

import { displayAddress, displayDvfAddress, displaySyndicName } from '@immoloupe/shared/address-display';
import { lineAddress } from '@immoloupe/shared/market/dvf';
import { pointInGeometry } from '@immoloupe/shared/market/polygon';
import { legalFormLabel, type OwnerGroup, rightLabel } from '@immoloupe/shared/owners/legal-forms.logic';
import { NATURAL_PERSON_NOTICE, naturalPersonRole } from '@immoloupe/shared/owners/natural-person.logic';
import type { ParcelOwner, ParcelSheet } from '@immoloupe/shared/parcels/sheet-contracts';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { type Box, inBoxSql, radiusBox } from '../../db/spatial.js';
import { communeByCode } from '../../places/communes.js';
import { PARCEL_COLUMNS, type ParcelRow, parcelOf } from '../../places/parcel-row.js';
import { dpeAddressSql, dpeAtStreetPointSql } from '../dpe/index.js';
import { streetSpellings } from '../geocode/index.js';
import { landOfParcels } from '../land/index.js';
import { parcelAddresses } from './addresses.js';
import { ownersFileAddresses } from './owner-addresses.js';

/** How far from its BAN address's point today a DPE of that address may stand (ADEME geocoded it earlier). */
const ADDRESS_DPE_MAX_M = 150;

const unionBox = (a: Box, b: Box): Box => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];

const iso = (d: unknown) => (d == null ? null : d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

export async function parcelOwners(db: Queryable, ids: readonly string[]): Promise<Map<string, ParcelOwner[]>> {
  const rows = await db.query<{
    id_parcelle: string;
    kind: 'parcelle' | 'local';
    siren: string | null;
    denomination: string | null;
    natural_person: boolean;
    forme_juridique: string | null;
    forme_juridique_abregee: string | null;
    code_droit: string | null;
    owner_group: OwnerGroup;
  }>(
    `SELECT DISTINCT id_parcelle, kind, siren, denomination, natural_person, forme_juridique, forme_juridique_abregee, code_droit, owner_group
       FROM parcel_owners WHERE id_parcelle = ANY($1::text[])
      ORDER BY id_parcelle, kind, code_droit, natural_person, denomination`,
    [ids],
  );
  const out = new Map<string, ParcelOwner[]>();
  for (const r of rows) {
    const list = out.get(r.id_parcelle) ?? [];
    // The importer keeps neither name nor SIREN of a natural person: its role says who it is.
    const person = r.natural_person || r.denomination === null;
    list.push({
      siren: !person && r.siren && /^\d{9}$/.test(r.siren) ? r.siren : null,
      name: person ? NATURAL_PERSON_NOTICE : (r.denomination as string),
      naturalPerson: person,
      legalForm: r.forme_juridique,
      legalFormLabel: legalFormLabel(r.forme_juridique, r.forme_juridique_abregee),
      right: person ? naturalPersonRole(r.code_droit) : rightLabel(r.code_droit),
      group: r.owner_group,
      on: r.kind,
    });
    out.set(r.id_parcelle, list);
  }
  return out;
}

export async function parcelSheet(db: Queryable, id: string): Promise<ParcelSheet | null> {
  const [row] = await db.query<ParcelRow & { code_section: string; first_vintage: unknown; last_vintage: unknown }>(
    `SELECT ${PARCEL_COLUMNS}, code_section, first_vintage, last_vintage FROM parcels WHERE id = $1`,
    [id],
  );
  if (!row) return null;
  const parcel = parcelOf(row);
  const insee = id.slice(0, 5);
  const addresses = (await parcelAddresses(db, [parcel], 50)).get(id) ?? [];
  const sales = await db.query<{
    id_mutation: string;
    date_mutation: unknown;
    nature_mutation: string;
    valeur_fonciere: number | null;
    nb_locaux: number;
    adresse_numero: string | null;
    adresse_suffixe: string | null;
    adresse_nom_voie: string | null;
  }>(
    `SELECT m.id_mutation, m.date_mutation, m.nature_mutation, m.valeur_fonciere, m.nb_locaux,
            m.adresse_numero, m.adresse_suffixe, m.adresse_nom_voie
       FROM dvf_mutations m
      WHERE m.id_mutation IN (SELECT id_mutation FROM dvf_lines WHERE id_parcelle = $1)
      ORDER BY m.date_mutation DESC LIMIT 100`,
    [id],
  );
  const spellings = await streetSpellings(db, [insee]);
  // The outline's bounding box through the GiST index; the point-in-outline test follows below.
  const p = new Params();
  const byBan = p.add(addresses.map((a) => a.id));
  const outlineBox: Box = [row.bbox_west, row.bbox_south, row.bbox_east, row.bbox_north];
  const inBox = inBoxSql((v) => p.add(v), 'd.longitude', 'd.latitude', outlineBox);
  // A DPE of one of the parcel's addresses stands at ADEME's point of that address, which the BAN
  // may have moved since: searched near the addresses, through the same index (no scan of `dpe`).
  const nearAddresses = inBoxSql(
    (v) => p.add(v),
    'd.longitude',
    'd.latitude',
    addresses.reduce<Box>((b, a) => unionBox(b, radiusBox(a.lat, a.lon, ADDRESS_DPE_MAX_M)), outlineBox),
  );
  const dpeRows = await db.query<{
    numero_dpe: string;
    date_etablissement: unknown;
    etiquette_dpe: string | null;
    etiquette_ges: string | null;
    type_batiment: string | null;
    surface_habitable_logement: number | null;
    adresse_ban: string | null;
    longitude: number | null;
    latitude: number | null;
    by_ban: boolean;
  }>(
    `SELECT d.numero_dpe, d.date_etablissement, d.etiquette_dpe, d.etiquette_ges, d.type_batiment, d.surface_habitable_logement,
            ${dpeAddressSql('d')} AS adresse_ban, d.longitude, d.latitude,
            (d.identifiant_ban = ANY(${byBan}::text[]) OR d.typed_address_ban_id = ANY(${byBan}::text[])) AS by_ban
       FROM dpe d
      -- A DPE standing at its street's point is on no parcel in particular.
      WHERE (${nearAddresses})
        AND (d.identifiant_ban = ANY(${byBan}::text[]) OR d.typed_address_ban_id = ANY(${byBan}::text[])
             OR ((${inBox}) AND NOT ${dpeAtStreetPointSql('d')}))
      ORDER BY d.date_etablissement DESC NULLS LAST LIMIT 200`,
    p.values,
  );
  const dpe = dpeRows
    .filter((d) => d.by_ban || (d.longitude !== null && d.latitude !== null && pointInGeometry(d.longitude, d.latitude, row.geometry)))
    .map((d) => ({
      numeroDpe: d.numero_dpe,
      date: iso(d.date_etablissement),
      etiquetteDpe: d.etiquette_dpe,
      etiquetteGes: d.etiquette_ges,
      typeBatiment: d.type_batiment,
      surface: d.surface_habitable_logement === null ? null : Number(d.surface_habitable_logement),
      address: d.adresse_ban,
    }));
  const copros = await db.query<{
    numero_immatriculation: string;
    nom_usage: string | null;
    adresse_reference: string | null;
    nombre_total_lots: number | null;
    type_syndic: string | null;
    raison_sociale_syndic: string | null;
    date_fin_dernier_mandat: unknown;
  }>(
    `SELECT c.numero_immatriculation, c.nom_usage, c.adresse_reference, c.nombre_total_lots, c.type_syndic, c.raison_sociale_syndic, c.date_fin_dernier_mandat
       FROM copros c WHERE c.numero_immatriculation IN (SELECT numero_immatriculation FROM copro_parcels WHERE id_parcelle = $1)
      ORDER BY c.numero_immatriculation`,
    [id],
  );
  const owners = (await parcelOwners(db, [id])).get(id) ?? [];
  const [loaded] = await db.query<{ ok: boolean }>(`SELECT EXISTS (SELECT 1 FROM parcel_owners WHERE departement = $1) AS ok`, [
    insee.slice(0, 2),
  ]);
  const commune = communeByCode(insee);
  return {
    parcel,
    commune: commune ? { code: commune.code, nom: commune.nom } : null,
    codeSection: row.code_section,
    firstVintage: iso(row.first_vintage),
    lastVintage: iso(row.last_vintage),
    addresses,
    land: (await landOfParcels(db, [id]))[id] ?? null,
    ownersFileAddress: addresses.length === 0 ? ((await ownersFileAddresses(db, [id])).get(id) ?? null) : null,
    sales: sales.map((s) => ({
      idMutation: s.id_mutation,
      date: iso(s.date_mutation) as string,
      nature: s.nature_mutation,
      price: s.valeur_fonciere === null ? null : Number(s.valeur_fonciere),
      locals: Number(s.nb_locaux ?? 0),
      // A placeholder number of the DGFiP (9001…) is not written (lineAddress).
      address:
        displayDvfAddress(
          lineAddress({ adresseNumero: s.adresse_numero, adresseSuffixe: s.adresse_suffixe, adresseNomVoie: s.adresse_nom_voie }),
          insee,
          spellings,
        ) || null,
    })),
    dpe,
    copros: copros.map((c) => ({
      numero: c.numero_immatriculation,
      name: c.nom_usage,
      address: displayAddress(c.adresse_reference),
      lots: c.nombre_total_lots,
      syndicType: c.type_syndic,
      syndicName: displaySyndicName(c.raison_sociale_syndic),
      mandateEnd: iso(c.date_fin_dernier_mandat),
    })),
    owners,
    ownersLoaded: loaded?.ok ?? false,
  };
}
