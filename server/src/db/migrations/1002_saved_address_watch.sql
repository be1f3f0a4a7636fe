-- Saved addresses become a worked list (/pro/mesadresses): notes and tags, and « Surveiller »:
-- an alert when a new DVF sale or DPE appears on the address's parcel or within `watch_radius_m`.
-- The alert machinery (watermarks, digests) keeps its own state; these columns are the user's choice.
ALTER TABLE saved_addresses
  ADD COLUMN notes text NOT NULL DEFAULT '',
  ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
  ADD COLUMN watch text NOT NULL DEFAULT 'off' CHECK (watch IN ('off', 'daily', 'weekly')),
  ADD COLUMN watch_radius_m integer NOT NULL DEFAULT 200 CHECK (watch_radius_m BETWEEN 0 AND 2000),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX saved_addresses_watch ON saved_addresses (watch) WHERE watch <> 'off';
