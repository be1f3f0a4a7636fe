-- Spatial indexes on point(longitude, latitude) instead of ll_to_earth(latitude, longitude)
-- (docs/decisions/0850-bulk-import-path.md): a point GiST is built by sorting (PostgreSQL ≥ 14)
-- and costs a third of a cube GiST per inserted row; radius queries use its rectangle first, then
-- earth_distance (server/src/db/spatial.ts).
DROP INDEX dvf_mutations_geo;
CREATE INDEX dvf_mutations_geo ON dvf_mutations USING gist (point(longitude, latitude)) WHERE latitude IS NOT NULL;
DROP INDEX dvf_sales_geo;
CREATE INDEX dvf_sales_geo ON dvf_sales USING gist (point(longitude, latitude)) WHERE latitude IS NOT NULL;
DROP INDEX ban_addresses_geo;
CREATE INDEX ban_addresses_geo ON ban_addresses USING gist (point(lon, lat));
DROP INDEX dpe_geo;
CREATE INDEX dpe_geo ON dpe USING gist (point(longitude, latitude)) WHERE latitude IS NOT NULL;
DROP INDEX copros_geo;
CREATE INDEX copros_geo ON copros USING gist (point(longitude, latitude)) WHERE latitude IS NOT NULL;
