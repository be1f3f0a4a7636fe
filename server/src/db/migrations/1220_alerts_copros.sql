-- Alerts on saved co-ownership searches (decision 1010): the RNIC co-ownerships are tracked like
-- DVF mutations and DPE, by the import run that first brought each of them (`alert_first_seen`,
-- source 'copro'). A co-ownership updated by a newer RNIC extract keeps its first run: only the
-- newly registered ones are news.
CREATE FUNCTION alert_first_seen_copro() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_first_seen (source, row_id, run_id)
  SELECT 'copro', numero_immatriculation, import_run_id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER copros_first_seen AFTER INSERT ON copros
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alert_first_seen_copro();
INSERT INTO alert_first_seen (source, row_id, run_id)
SELECT 'copro', numero_immatriculation, import_run_id FROM copros ON CONFLICT DO NOTHING;
CREATE INDEX copros_import_run ON copros (import_run_id);
