-- Listing feeds (issue 12): imported listings form a shared pool (`user_id` NULL); a subscriber's
-- « Mes annonces » row may point to the pool listing it was saved from (decision 0910). `insee`
-- places a listing in a commune for the zone filters and the DVF medians.
ALTER TABLE import_runs DROP CONSTRAINT IF EXISTS import_runs_source_check;
ALTER TABLE import_runs ADD CONSTRAINT import_runs_source_check
  CHECK (source IN ('dvf', 'dvf-raw', 'cadastre', 'dpe', 'copro', 'ban', 'personnes-morales', 'annonces'));

ALTER TABLE listings ADD COLUMN insee text;
ALTER TABLE listings ADD COLUMN pool_listing_id uuid REFERENCES listings (id) ON DELETE SET NULL;
CREATE INDEX listings_pool_insee ON listings (insee, property_type) WHERE user_id IS NULL;
CREATE INDEX listings_pool_first_seen ON listings (first_seen_at DESC) WHERE user_id IS NULL;
CREATE INDEX listings_pool_source ON listings (pool_listing_id) WHERE pool_listing_id IS NOT NULL;

-- When each subscriber last opened /pro/listeautomatique: pool listings first seen after it are « Nouveau ».
CREATE TABLE listing_feed_visits (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_visit_at timestamptz NOT NULL
);
