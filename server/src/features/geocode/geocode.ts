/**
 * Address and place search over the imported data, offline: BAN streets by trigram similarity
 * (pg_trgm `%>` on the unaccented street + postcode + commune), then the house number among the
 * street's addresses; communes from `@etalab/decoupage-administratif`; parcels by reference. The
 * parcel of an address is the one BAN names (`cad_parcelles`), else the current parcel whose outline
 * contains the address point.
 */
import type { GeocodeResult, Parcel } from '@immoloupe/shared/opendata/contracts';
import type { Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { distanceSql, withinRadiusSql } from '../../db/spatial.js';
import { containsPoint, distanceToParcelM } from '../../importers/cadastre.logic.js';
import {
  type CommuneEntry,
  communeByCode,
  communes,
  searchCommunes,
  searchFormerCommunes,
  withRecordedCodes,
} from '../../places/communes.js';
import { PARCEL_COLUMNS, type ParcelRow, parcelOf } from '../../places/parcel-row.js';
import { foldText } from '../../places/search-text.logic.js';
import { type BanAddressNaming, banAddressLabel, parseQuery, villageOf } from './geocode.logic.js';

function communeOf(c: CommuneEntry | undefined): GeocodeResult['commune'] {
  return c ? { code: c.code, nom: c.nom, codesPostaux: c.codesPostaux, departement: c.departement } : null;
}

export async function parcelById(db: Queryable, id: string): Promise<Parcel | null> {
  const [row] = await db.query<ParcelRow>(`SELECT ${PARCEL_COLUMNS} FROM parcels WHERE id = $1`, [id]);
  return row ? parcelOf(row) : null;
}

/** The current parcel whose outline contains the point (bounding boxes by index, then the exact outline). */
export async function parcelAt(db: Queryable, lon: number, lat: number): Promise<Parcel | null> {
  const candidates = await db.query<ParcelRow>(
    `SELECT ${PARCEL_COLUMNS} FROM parcels
      WHERE box(point(bbox_west, bbox_south), point(bbox_east, bbox_north)) @> point($1, $2) AND is_current
      ORDER BY (bbox_east - bbox_west) * (bbox_north - bbox_south)`,
    [lon, lat],
  );
  const hit = candidates.find((c) => containsPoint(c.geometry, lon, lat));
  return hit ? parcelOf(hit) : null;
}

interface VoieRow {
  voie_key: string;
  nom_voie: string;
  code_postal: string | null;
  code_insee: string;
  nom_commune: string;
  nom_ancienne_commune: string | null;
  lon: number;
  lat: number;
  sim: number;
}

interface AddressRow extends BanAddressNaming {
  id: string;
  code_insee: string;
  lon: number;
  lat: number;
  cad_parcelles: string[];
}

/** How far from a parcel an address point may lie: BAN puts many of them on the street, at the door. */
export const ADDRESS_PARCEL_MAX_M = 25;

/**
 * For each point, the nearest current parcel within 25 m (0 when inside), in the points' order:
 * one query for all of them, each point's square through the GiST index on the parcels' boxes.
 */
export async function nearestParcels(db: Queryable, points: readonly { lon: number; lat: number }[]): Promise<(ParcelRow | null)[]> {
  if (points.length === 0) return [];
  const d = ADDRESS_PARCEL_MAX_M / 111_195;
  const dLon = points.map((a) => d / Math.cos((a.lat * Math.PI) / 180));
  // Each parcel once, with the points whose square it meets: neighbouring points share their parcels.
  const candidates = await db.query<ParcelRow & { points: number[] }>(
    `SELECT ${PARCEL_COLUMNS}, near.points
       FROM (SELECT p.id, array_agg(q.i::int) AS points
               FROM unnest($1::float8[], $2::float8[], $3::float8[], $4::float8[]) WITH ORDINALITY AS q(w, s, e, n, i)
               JOIN parcels p ON box(point(p.bbox_west, p.bbox_south), point(p.bbox_east, p.bbox_north)) && box(point(q.w, q.s), point(q.e, q.n))
                AND p.is_current
              GROUP BY p.id) near
       JOIN parcels USING (id)`,
    [
      points.map((a, i) => a.lon - (dLon[i] as number)),
      points.map((a) => a.lat - d),
      points.map((a, i) => a.lon + (dLon[i] as number)),
      points.map((a) => a.lat + d),
    ],
  );
  const best: ({ row: ParcelRow; d: number } | null)[] = points.map(() => null);
  for (const { points: near, ...row } of candidates)
    for (const i of near) {
      const a = points[i - 1] as { lon: number; lat: number };
      const dist = distanceToParcelM(row.geometry, a.lon, a.lat);
      const held = best[i - 1];
      if (dist <= ADDRESS_PARCEL_MAX_M && (!held || dist < held.d)) best[i - 1] = { row, d: dist };
    }
  return best.map((b) => b?.row ?? null);
}

/**
 * The parcel of an address: the one BAN names, else the current parcel that contains its point,
 * else the nearest current parcel within 25 m (BAN points often sit on the street side).
 */
export async function addressParcel(db: Queryable, a: { cad_parcelles: string[]; lon: number; lat: number }): Promise<Parcel | null> {
  for (const id of a.cad_parcelles ?? []) {
    const p = await parcelById(db, id);
    if (p) return p;
  }
  const [nearest] = await nearestParcels(db, [a]);
  return nearest ? parcelOf(nearest) : null;
}

async function addressResult(db: Queryable, a: AddressRow, score: number): Promise<GeocodeResult> {
  return {
    type: 'adresse',
    label: banAddressLabel(a),
    score,
    lon: a.lon,
    lat: a.lat,
    source: 'ban',
    address: {
      id: a.id,
      numero: a.numero === null ? null : `${a.numero}${a.rep ? ` ${a.rep}` : ''}`,
      nomVoie: a.nom_voie,
      codePostal: a.code_postal,
      codeInsee: a.code_insee,
      commune: a.nom_commune,
    },
    commune: communeOf(communeByCode(a.code_insee)),
    parcel: await addressParcel(db, a),
  };
}

/**
 * Where to place a commune on the map: the mean of its imported streets, else of its parcels;
 * Paris, Lyon and Marseille by their arrondissements', a commune nouvelle's with its villages'.
 */
async function communeCentre(db: Queryable, code: string): Promise<{ lon: number; lat: number } | null> {
  const [r] = await db.query<{ lon: number | null; lat: number | null }>(
    `SELECT coalesce((SELECT avg(lon) FROM ban_voies WHERE code_insee = ANY($1::text[])),
                     (SELECT avg(centroid_lon) FROM parcels WHERE code_commune = ANY($1::text[]) AND is_current)) AS lon,
            coalesce((SELECT avg(lat) FROM ban_voies WHERE code_insee = ANY($1::text[])),
                     (SELECT avg(centroid_lat) FROM parcels WHERE code_commune = ANY($1::text[]) AND is_current)) AS lat`,
    [withRecordedCodes([code])],
  );
  return r?.lon != null && r.lat != null ? { lon: r.lon, lat: r.lat } : null;
}

/**
 * A village of a commune nouvelle, as the BAN places it: the centre of its addresses and their most
 * common postcode (INSEE's list gives it none). Null when the BAN of its commune is not imported.
 */
async function villagePlace(
  db: Queryable,
  codeInsee: string,
  nom: string,
): Promise<{ lon: number; lat: number; codePostal: string | null } | null> {
  const [r] = await db.query<{ lon: number | null; lat: number | null; code_postal: string | null }>(
    `SELECT avg(lon) AS lon, avg(lat) AS lat, mode() WITHIN GROUP (ORDER BY code_postal) AS code_postal
       FROM ban_addresses WHERE code_insee = $1 AND lower(immutable_unaccent(nom_ancienne_commune)) = lower(immutable_unaccent($2))`,
    [codeInsee, nom],
  );
  return r?.lon != null && r.lat != null ? { lon: r.lon, lat: r.lat, codePostal: r.code_postal } : null;
}

export async function geocode(db: Queryable, q: string, limit: number): Promise<GeocodeResult[]> {
  const parsed = parseQuery(q);
  if (parsed.kind === 'parcelle') {
    const p = await parcelById(db, parsed.id);
    if (!p) return [];
    const c = communeByCode(p.codeCommune);
    return [
      {
        type: 'parcelle',
        label: `Parcelle ${p.section} ${p.numero}, ${c?.nom ?? p.codeCommune}${p.current ? '' : ' (ancienne parcelle)'}`,
        score: 1,
        lon: p.centroid.lon,
        lat: p.centroid.lat,
        source: 'cadastre',
        address: null,
        commune: communeOf(c),
        parcel: p,
      },
    ];
  }

  const results: GeocodeResult[] = [];
  // Communes named in the query (alone, or after the street) narrow and rank the streets.
  const communeHits = searchCommunes(parsed.communeWords, parsed.postcode, 5);
  const named = communeHits.filter((h) => h.score >= 0.6);
  const inCommune = new Set(named.map((h) => h.commune.code));
  // A former commune named (« … Pierrefitte »): the streets of its commune nouvelle, its own first.
  const villages = searchFormerCommunes(parsed.communeWords, 5).filter((h) => h.score >= 0.6);
  const villageNames = new Set(villages.map((h) => h.commune.folded));
  for (const h of villages) inCommune.add(h.commune.mergedInto);
  const inVillage = (ancienne: string | null) => ancienne !== null && villageNames.has(foldText(ancienne));
  // A query that is exactly a commune's name asks for the commune, not for its streets (all of which contain it).
  const streetWords = named.some((h) => h.score === 1) || villages.some((h) => h.score === 1) ? '' : parsed.words;

  if (streetWords.length >= 3) {
    // The communes the query names (or whose postcode it gives) narrow the search to their streets
    // (B-tree on the INSEE code, a few hundred rows); without them, or when nothing matches there,
    // the whole country's streets by trigram index.
    const byPostcode = parsed.postcode
      ? communes()
          .filter((c) => c.codesPostaux.includes(parsed.postcode as string))
          .map((c) => c.code)
      : [];
    // Paris, Lyon and Marseille by their arrondissements, where the BAN files their streets.
    const inScope = new Set(withRecordedCodes([...inCommune]));
    const namedCodes = [...inScope];
    const both = byPostcode.filter((c) => inScope.has(c));
    const scope = both.length > 0 ? both : byPostcode.length > 0 ? byPostcode : namedCodes;
    const columns = `voie_key, nom_voie, code_postal, code_insee, nom_commune, nom_ancienne_commune, lon, lat,
      word_similarity($1, search) * 0.85 + similarity($1, search) * 0.15 AS sim`;
    let voies: VoieRow[] = [];
    if (scope.length > 0) {
      voies = await db.query<VoieRow>(
        `SELECT * FROM (SELECT ${columns} FROM ban_voies WHERE code_insee = ANY($2::text[])) v
          WHERE sim >= 0.5 ORDER BY sim DESC LIMIT 40`,
        [streetWords, scope],
      );
    }
    if (voies.length === 0) {
      voies = await db.query<VoieRow>(
        // Whole words of the query first; extra words of the street name ("Prolongée") lower the score a little.
        `SELECT ${columns} FROM ban_voies
          WHERE search %> $1 AND ($2::text IS NULL OR code_postal = $2)
          ORDER BY sim DESC, nb_adresses DESC
          LIMIT 40`,
        [streetWords, parsed.postcode],
      );
    }
    const ranked = voies
      .map((v) => {
        // In the commune named; when a village of it is named, its own streets before the others'.
        const bonus = !inScope.has(v.code_insee) ? 0 : villageNames.size === 0 || inVillage(v.nom_ancienne_commune) ? 0.2 : 0.1;
        // The postcode typed tells apart the villages of a commune nouvelle that have one each.
        const otherPostcode = parsed.postcode !== null && v.code_postal !== null && v.code_postal !== parsed.postcode ? 0.1 : 0;
        return { ...v, score: Math.min(1, v.sim * 0.8 + bonus) - otherPostcode };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, 10);
    if (parsed.numero !== null && ranked.length > 0) {
      const keys = ranked.map((v) => v.voie_key);
      const rows = await db.query<AddressRow & { voie_key: string }>(
        `SELECT id, numero, rep, nom_voie, code_postal, code_insee, nom_commune, nom_ancienne_commune, lon, lat, cad_parcelles, voie_key
           FROM ban_addresses WHERE voie_key = ANY($1::text[]) AND numero = $2`,
        [keys, parsed.numero],
      );
      const scoreOf = new Map(ranked.map((v) => [v.voie_key, v.score]));
      const sorted = rows
        .map((r) => ({ r, score: (scoreOf.get(r.voie_key) ?? 0) * 0.9 + 0.1 - (r.rep === parsed.rep ? 0 : 0.05) }))
        .sort((a, b) => b.score - a.score);
      for (const { r, score } of sorted.slice(0, limit)) results.push(await addressResult(db, r, Math.round(score * 1000) / 1000));
    }
    for (const v of ranked) {
      results.push({
        type: 'voie',
        label: [
          v.nom_voie,
          villageOf({ commune: v.nom_commune, ancienneCommune: v.nom_ancienne_commune }),
          [v.code_postal, v.nom_commune].filter(Boolean).join(' '),
        ]
          .filter(Boolean)
          .join(', '),
        // A street ranks below its own numbered addresses.
        score: Math.round(v.score * (parsed.numero === null ? 1 : 0.8) * 1000) / 1000,
        lon: v.lon,
        lat: v.lat,
        source: 'ban',
        address: {
          id: null,
          numero: null,
          nomVoie: v.nom_voie,
          codePostal: v.code_postal,
          codeInsee: v.code_insee,
          commune: v.nom_commune,
        },
        commune: communeOf(communeByCode(v.code_insee)),
        parcel: null,
      });
    }
  }

  if (parsed.numero === null) {
    for (const { commune, score } of villages) {
      const place = await villagePlace(db, commune.mergedInto, commune.nom);
      if (!place) continue;
      results.push({
        type: 'commune',
        label: `${commune.nom}, ${[place.codePostal, communeByCode(commune.mergedInto)?.nom ?? commune.mergedInto].filter(Boolean).join(' ')}`,
        score,
        lon: place.lon,
        lat: place.lat,
        source: 'ban',
        address: null,
        commune: communeOf(communeByCode(commune.mergedInto)),
        parcel: null,
      });
    }
    for (const { commune, score } of communeHits) {
      const centre = await communeCentre(db, commune.code);
      results.push({
        type: 'commune',
        label: `${commune.nom} (${commune.codesPostaux.length === 1 ? commune.codesPostaux[0] : commune.departement})`,
        score,
        lon: centre?.lon ?? null,
        lat: centre?.lat ?? null,
        source: 'communes',
        address: null,
        commune: communeOf(commune),
        parcel: null,
      });
    }
  }
  return results.sort((a, b) => b.score - a.score).slice(0, limit);
}

/** How far the reverse geocoder looks for an address, in metres. */
const REVERSE_RADIUS_M = 2000;

/** The nearest imported address (within 2 km) and the parcel that contains the point. */
export async function reverse(db: Queryable, lon: number, lat: number): Promise<GeocodeResult[]> {
  const results: GeocodeResult[] = [];
  const p = new Params();
  const [nearest] = await db.query<AddressRow & { d: number }>(
    `SELECT id, numero, rep, nom_voie, code_postal, code_insee, nom_commune, nom_ancienne_commune, lon, lat, cad_parcelles,
            ${distanceSql((v) => p.add(v), lat, lon, 'lat', 'lon')} AS d
       FROM ban_addresses
      WHERE ${withinRadiusSql((v) => p.add(v), lat, lon, REVERSE_RADIUS_M, 'lat', 'lon')}
      ORDER BY d LIMIT 1`,
    p.values,
  );
  const parcel = await parcelAt(db, lon, lat);
  if (nearest) {
    const r = await addressResult(db, nearest, 1);
    results.push({
      ...r,
      score: Math.max(0, Math.round((1 - nearest.d / REVERSE_RADIUS_M) * 1000) / 1000),
      distanceM: Math.round(nearest.d * 10) / 10,
    });
  }
  if (parcel) {
    const c = communeByCode(parcel.codeCommune);
    results.push({
      type: 'parcelle',
      label: `Parcelle ${parcel.section} ${parcel.numero}, ${c?.nom ?? parcel.codeCommune}`,
      score: 1,
      lon: parcel.centroid.lon,
      lat: parcel.centroid.lat,
      source: 'cadastre',
      address: null,
      commune: communeOf(c),
      parcel,
      distanceM: 0,
    });
  }
  return results;
}
