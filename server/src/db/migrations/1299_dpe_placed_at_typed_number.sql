-- A DPE the BAN matched to its street only stood at the street's point: every DPE of an avenue on
-- one dot, and on no parcel. When the diagnostician typed a house number (`numero_voie_saisi`) and
-- the BAN imported here knows that number in that street, the DPE now stands at the number's point
-- (features/dpe/placement.ts, run by the DPE and BAN imports). The street's point is kept aside, to
-- go back to it when a later BAN no longer has the number. The DPE already imported are placed here,
-- with the same statement.
ALTER TABLE dpe
  ADD COLUMN typed_address_ban_id text,
  ADD COLUMN street_longitude double precision,
  ADD COLUMN street_latitude double precision;

WITH candidate AS (
  SELECT d.numero_dpe, d.identifiant_ban || '_' || lpad(m[1], 5, '0') AS base, lower(m[2]) AS rep
    FROM dpe d, regexp_match(d.numero_voie_saisi, '^(\d{1,5})(bis|ter|quater|quinquies|[a-z])?', 'i') AS m
   WHERE d.numero_voie_saisi IS NOT NULL AND coalesce(d.identifiant_ban ~ '^[^_]+_[^_]+$', false)
), found AS (
  SELECT c.numero_dpe, a.id, a.lon, a.lat
    FROM candidate c
    JOIN LATERAL (
      SELECT id, lon, lat FROM ban_addresses
       WHERE id = c.base || coalesce('_' || c.rep, '') OR id = c.base
       ORDER BY id = c.base LIMIT 1) a ON true
)
UPDATE dpe d
   SET typed_address_ban_id = f.id, street_longitude = d.longitude, street_latitude = d.latitude,
       longitude = f.lon, latitude = f.lat
  FROM found f
 WHERE d.numero_dpe = f.numero_dpe;
