-- Alerts on saved permit searches (decisions 1010, 1421): the Sitadel permits are tracked like DVF
-- mutations, DPE and co-ownerships, by the import run that first brought each of them
-- (`alert_first_seen`, source 'permit'). A permit is keyed by list, kind and number (a PC and a DP
-- may share a number, a permit creating dwellings and premises is in two lists): `alert_key` writes
-- that key as one text. A permit whose state or dates change with a newer list keeps its first run.
ALTER TABLE building_permits ADD COLUMN alert_key text GENERATED ALWAYS AS (list || '/' || kind || '/' || permit_id) STORED;
CREATE FUNCTION alert_first_seen_permit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_first_seen (source, row_id, run_id)
  SELECT 'permit', alert_key, import_run_id FROM new_rows WHERE import_run_id IS NOT NULL ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER building_permits_first_seen AFTER INSERT ON building_permits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alert_first_seen_permit();
INSERT INTO alert_first_seen (source, row_id, run_id)
SELECT 'permit', alert_key, import_run_id FROM building_permits WHERE import_run_id IS NOT NULL ON CONFLICT DO NOTHING;
CREATE INDEX building_permits_import_run ON building_permits (import_run_id);
