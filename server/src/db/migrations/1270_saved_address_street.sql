-- A saved address keeps the address it was saved with apart from the name its owner gives it: until
-- now a rename overwrote `label`, the only copy of the address (card, CSV and export lost it).
-- Existing rows: `label` is the saved address unless it was renamed, and nothing tells a rename from
-- another edit (`updated_at` moves with notes, tags, watch and re-saves alike). It is copied as the
-- address, losing nothing: the rows never renamed (most) are right, and a renamed one keeps showing
-- what it showed before. NULL stays possible for a row written without it (older code paths).
ALTER TABLE saved_addresses ADD COLUMN address text;
UPDATE saved_addresses SET address = label;
-- Saving the same address again finds its row even after a rename (one entry per address).
CREATE UNIQUE INDEX saved_addresses_user_address ON saved_addresses (user_id, address);
