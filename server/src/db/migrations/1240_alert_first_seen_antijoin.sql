-- The first-seen triggers (decisions 1010, 0850): an anti-join on the rows already
-- known, inserted in key order, instead of ON CONFLICT DO NOTHING. A speculative insertion per row
-- tripled the cost of the trigger, a third of a DVF file's mutation insert. The inserted ids are
-- unique within a statement (each table's primary key), and a second import inserting the same
-- id at the same time waits on that primary key first, so the conflict clause guarded nothing.
CREATE OR REPLACE FUNCTION alert_first_seen_dvf() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_first_seen (source, row_id, run_id)
  SELECT 'dvf', n.id_mutation, n.import_run_id FROM new_rows n
   WHERE NOT EXISTS (SELECT 1 FROM alert_first_seen f WHERE f.source = 'dvf' AND f.row_id = n.id_mutation)
   ORDER BY n.id_mutation;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION alert_first_seen_dpe() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_first_seen (source, row_id, run_id)
  SELECT 'dpe', n.numero_dpe, n.import_run_id FROM new_rows n
   WHERE NOT EXISTS (SELECT 1 FROM alert_first_seen f WHERE f.source = 'dpe' AND f.row_id = n.numero_dpe)
   ORDER BY n.numero_dpe;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION alert_first_seen_copro() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_first_seen (source, row_id, run_id)
  SELECT 'copro', n.numero_immatriculation, n.import_run_id FROM new_rows n
   WHERE NOT EXISTS (SELECT 1 FROM alert_first_seen f WHERE f.source = 'copro' AND f.row_id = n.numero_immatriculation)
   ORDER BY n.numero_immatriculation;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION alert_first_seen_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_first_seen (source, row_id, run_id)
  SELECT 'annonce', n.id::text, n.import_run_id FROM new_rows n
   WHERE n.user_id IS NULL AND n.import_run_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM alert_first_seen f WHERE f.source = 'annonce' AND f.row_id = n.id::text)
   ORDER BY n.id::text;
  RETURN NULL;
END
$$;
