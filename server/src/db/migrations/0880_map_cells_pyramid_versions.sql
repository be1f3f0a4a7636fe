-- Map tiles at ≤ 100 ms (issue 11, §2; docs/decisions/0880-tile-cells-pyramid-and-cache.md).

-- The cells of the sales maps, rebuilt: a pyramid of levels (Web Mercator grids of zooms 9, 11,
-- 13 and 15), each cell named by its Morton code, so that the cells of one tile are one range of
-- the primary key whatever its zoom; and split by the two filters the transactions page uses most,
-- the kinds of locals sold (`kinds`, bits: 1 maison, 2 appartement, 4 dépendance, 8 local, 16 none
-- = terrain) and the nature of the mutation, so that a filtered map is still a sum over cells.
DROP TABLE dvf_map_cells;

-- Interleaves the bits of x (even bits) and y (odd bits), both below 2^21.
CREATE FUNCTION map_morton(x integer, y integer) RETURNS bigint
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  a bigint := x;
  b bigint := y;
BEGIN
  a := (a | (a << 16)) & 281470681808895;
  a := (a | (a << 8)) & 71777214294589695;
  a := (a | (a << 4)) & 1085102592571150095;
  a := (a | (a << 2)) & 3689348814741910323;
  a := (a | (a << 1)) & 6148914691236517205;
  b := (b | (b << 16)) & 281470681808895;
  b := (b | (b << 8)) & 71777214294589695;
  b := (b | (b << 4)) & 1085102592571150095;
  b := (b | (b << 2)) & 3689348814741910323;
  b := (b | (b << 1)) & 6148914691236517205;
  RETURN a | (b << 1);
END
$$;

-- One row per located mutation, in the order of its Morton code on the zoom-20 grid (≈ 30 m):
-- the tiles of zooms ≥ 14 (and the filters the cells cannot answer, prices) read one range of the
-- primary key instead of the GiST index and each sale's lines. The cells are sums of these rows.
CREATE TABLE dvf_map_points (
  cell bigint NOT NULL,
  id_mutation text NOT NULL,
  code_commune text NOT NULL,
  date_mutation date NOT NULL,
  kinds smallint NOT NULL,
  nature text NOT NULL,
  price double precision,
  ppm2 double precision,
  lon double precision NOT NULL,
  lat double precision NOT NULL,
  PRIMARY KEY (cell, id_mutation)
);
CREATE INDEX dvf_map_points_commune ON dvf_map_points (code_commune);

CREATE TABLE dvf_map_cells (
  level smallint NOT NULL CHECK (level IN (9, 11, 13, 15)),
  cell bigint NOT NULL,
  code_commune text NOT NULL,
  month date NOT NULL,
  kinds smallint NOT NULL,
  nature text NOT NULL,
  n integer NOT NULL,
  sum_lon double precision NOT NULL,
  sum_lat double precision NOT NULL,
  PRIMARY KEY (level, cell, code_commune, month, kinds, nature)
);
CREATE INDEX dvf_map_cells_commune ON dvf_map_cells (code_commune);

-- The sales already loaded, as refreshMapCells (features/tiles/sales.ts) does after each import.
INSERT INTO dvf_map_points (cell, id_mutation, code_commune, date_mutation, kinds, nature, price, ppm2, lon, lat)
WITH k AS (
  SELECT id_mutation, bit_or(1 << (code_type_local - 1))::smallint AS kinds FROM dvf_lines
   WHERE code_type_local BETWEEN 1 AND 4 GROUP BY id_mutation
)
SELECT map_morton(floor((m.longitude + 180) / 360 * 1048576)::int,
                  floor((1 - ln(tan(radians(m.latitude)) + 1 / cos(radians(m.latitude))) / pi()) / 2 * 1048576)::int),
       m.id_mutation, m.code_commune, m.date_mutation, coalesce(k.kinds, 16)::smallint, m.nature_mutation,
       m.valeur_fonciere::float8, s.prix_m2::float8, m.longitude, m.latitude
  FROM dvf_mutations m LEFT JOIN k ON k.id_mutation = m.id_mutation LEFT JOIN dvf_sales s ON s.id_mutation = m.id_mutation
 WHERE m.latitude IS NOT NULL;
INSERT INTO dvf_map_cells (level, cell, code_commune, month, kinds, nature, n, sum_lon, sum_lat)
SELECT l.level, p.cell >> (2 * (20 - l.level)), p.code_commune, date_trunc('month', p.date_mutation)::date, p.kinds, p.nature,
       count(*)::int, sum(p.lon), sum(p.lat)
  FROM dvf_map_points p CROSS JOIN (VALUES (9), (11), (13), (15)) AS l(level)
 GROUP BY 1, 2, 3, 4, 5, 6;

-- Data versions of the map layers, part of every tile's cache key and ETag: a statement trigger
-- on the tables a layer reads bumps it inside the import's own transaction.
CREATE TABLE map_data_versions (
  layer text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO map_data_versions (layer) VALUES ('ventes'), ('dpe'), ('copros');

CREATE FUNCTION bump_map_data_version() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE map_data_versions SET version = version + 1 WHERE layer = TG_ARGV[0];
  RETURN NULL;
END
$$;

-- The sales layer reads the cells and points, and the sales for filters they cannot answer: every
-- DVF or cadastre import that changes them rebuilds the cells and points of its communes.
CREATE TRIGGER dvf_map_cells_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dvf_map_cells
  FOR EACH STATEMENT EXECUTE FUNCTION bump_map_data_version('ventes');
CREATE TRIGGER dpe_map_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dpe
  FOR EACH STATEMENT EXECUTE FUNCTION bump_map_data_version('dpe');
CREATE TRIGGER copros_map_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON copros
  FOR EACH STATEMENT EXECUTE FUNCTION bump_map_data_version('copros');
