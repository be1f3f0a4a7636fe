-- Rent references (issue 41): the « Carte des loyers » of ANIL and the ministère du Logement, the
-- predicted advertised rent per m² of each commune (charges included) with its 95 % prediction
-- interval, for all flats, flats of 1–2 rooms, flats of 3 rooms or more, and houses. One row per
-- edition, dwelling type and commune; a later edition sits beside the earlier ones (see the
-- importer `loyers`).

ALTER TABLE import_runs DROP CONSTRAINT IF EXISTS import_runs_source_check;
ALTER TABLE import_runs ADD CONSTRAINT import_runs_source_check
  CHECK (source IN ('dvf', 'dvf-raw', 'cadastre', 'dpe', 'copro', 'ban', 'personnes-morales', 'annonces', 'loyers'));

CREATE TABLE rent_references (
  -- Year of the edition, from the file's name ('2024'); '' when the name does not say it.
  edition text NOT NULL,
  dwelling text NOT NULL CHECK (dwelling IN ('appartement', 'appartement-t1-t2', 'appartement-t3-plus', 'maison')),
  insee text NOT NULL,
  commune_name text NOT NULL,
  id_zone text,
  epci text,
  departement text,
  region text,
  rent_m2 numeric(8, 4) NOT NULL,
  low_m2 numeric(8, 4),
  high_m2 numeric(8, 4),
  -- 'commune': predicted from the commune's own ads; 'maille': from the group of communes around it.
  prediction_level text,
  observations_commune integer,
  observations_zone integer,
  r2_adjusted numeric(6, 4),
  import_run_id bigint REFERENCES import_runs (id) ON DELETE SET NULL,
  PRIMARY KEY (insee, dwelling, edition)
);
