-- E-mail alerts of listing searches (decision 1010): the listings of the pool (imported
-- feeds, `user_id` NULL) are « new » in the import run that first brought them, as DVF sales, DPE
-- and co-ownerships. A listing seen again keeps its row (no insert), so it is not new again; a
-- subscriber's own capture (« Mes annonces ») is not news for anyone.
CREATE FUNCTION alert_first_seen_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_first_seen (source, row_id, run_id)
  SELECT 'annonce', id::text, import_run_id FROM new_rows
   WHERE user_id IS NULL AND import_run_id IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER listings_first_seen AFTER INSERT ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alert_first_seen_listing();
INSERT INTO alert_first_seen (source, row_id, run_id)
SELECT 'annonce', id::text, import_run_id FROM listings WHERE user_id IS NULL AND import_run_id IS NOT NULL
ON CONFLICT DO NOTHING;
