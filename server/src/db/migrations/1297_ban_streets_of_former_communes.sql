-- The villages of a commune nouvelle each keep their streets: Pierrefitte-sur-Seine's « Rue de
-- Paris » (93059, in Saint-Denis since 2025) is not Saint-Denis's. The BAN files both under 93066
-- and tells them apart by `code_insee_ancienne_commune`; a street's key now ends with that code
-- (importers/ban.ts, voieKey), so that the geocoder no longer merges them into one street placed
-- between the two, nor mixes their house numbers. The street keeps the former commune's name, for
-- its label and to be found by it. Addresses without a former commune keep their key.
ALTER TABLE ban_voies ADD COLUMN nom_ancienne_commune text;

UPDATE ban_addresses SET voie_key = voie_key || '|' || code_insee_ancienne_commune
 WHERE code_insee_ancienne_commune IS NOT NULL AND code_insee_ancienne_commune <> '';

CREATE TEMP TABLE ban_rekeyed_communes ON COMMIT DROP AS
  SELECT DISTINCT code_insee FROM ban_addresses WHERE code_insee_ancienne_commune IS NOT NULL AND code_insee_ancienne_commune <> '';

DELETE FROM ban_voies WHERE code_insee IN (SELECT code_insee FROM ban_rekeyed_communes);

INSERT INTO ban_voies (voie_key, code_insee, nom_voie, code_postal, nom_commune, nom_ancienne_commune, search, lon, lat, nb_adresses)
SELECT voie_key, code_insee, nom_voie, code_postal, nom_commune, ancienne,
       lower(immutable_unaccent(concat_ws(' ', nom_voie, code_postal, nom_commune, ancienne))), lon, lat, n
  FROM (
    SELECT voie_key, min(code_insee) AS code_insee, min(nom_voie) AS nom_voie, min(code_postal) AS code_postal,
           min(nom_commune) AS nom_commune, min(nom_ancienne_commune) AS ancienne,
           round(avg(lon)::numeric, 7)::float8 AS lon, round(avg(lat)::numeric, 7)::float8 AS lat, count(*)::int AS n
      FROM ban_addresses WHERE code_insee IN (SELECT code_insee FROM ban_rekeyed_communes)
     GROUP BY voie_key) v;
