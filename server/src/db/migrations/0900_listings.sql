-- Listings (issue 12): one row per property, whoever saw it; `user_id` is the subscriber who saved
-- it in « Mes annonces », NULL for a listing of an imported feed. The same property seen again
-- (same portal id, or on another portal at the same place with the same type and a surface within
-- 3 %) keeps its row and gains a source and a price point.
CREATE TABLE listings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'a_visiter' CHECK (status IN ('a_visiter', 'visite', 'offre_faite', 'ecarte')),
  notes text NOT NULL DEFAULT '',
  transaction text CHECK (transaction IN ('vente', 'location')),
  property_type text,
  title text,
  price numeric,
  surface numeric,
  rooms integer,
  bedrooms integer,
  land_area numeric,
  floor integer,
  dpe_class text CHECK (dpe_class IN ('A', 'B', 'C', 'D', 'E', 'F', 'G')),
  dpe_value numeric,
  ges_class text CHECK (ges_class IN ('A', 'B', 'C', 'D', 'E', 'F', 'G')),
  ges_value numeric,
  postcode text,
  city text,
  district text,
  description text,
  photo_url text,
  seller text,
  lat double precision,
  lon double precision,
  published_at date,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  import_run_id bigint
);
CREATE INDEX listings_user ON listings (user_id, last_seen_at DESC);
CREATE INDEX listings_feed_postcode ON listings (postcode, property_type) WHERE user_id IS NULL;

CREATE TABLE listing_sources (
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  portal text NOT NULL,
  portal_id text,
  url text,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_sources_listing ON listing_sources (listing_id);
CREATE INDEX listing_sources_portal_id ON listing_sources (portal, portal_id);

CREATE TABLE listing_prices (
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  price numeric NOT NULL,
  portal text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_prices_listing ON listing_prices (listing_id, seen_at);
