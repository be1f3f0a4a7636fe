-- « Ma zone »: each subscriber's territory (a drawn polygon, communes, or both) and what the
-- dashboard had shown at the last visit, so the next visit tells what changed since.
CREATE TABLE user_territories (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- GeoJSON Polygon or MultiPolygon (WGS84), validated by shared/src/zone/territory.logic.ts.
  geometry jsonb,
  communes text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_visit_at timestamptz,
  -- Newest DVF mutation date and DPE date of the zone when the dashboard was last seen.
  seen_dvf_date date,
  seen_dpe_date date,
  CHECK (geometry IS NOT NULL OR cardinality(communes) > 0)
);
