-- Legal-entity owners of parcels (issue 10): DGFiP « Fichiers des locaux et des parcelles des
-- personnes morales », non-bâti (kind 'parcelle') and bâti (kind 'local') files. One row per parcel
-- (or local) and right holder; natural persons are never in these files. A new vintage of a
-- département replaces the previous one (see the importer `personnes-morales`).

ALTER TABLE import_runs DROP CONSTRAINT IF EXISTS import_runs_source_check;
ALTER TABLE import_runs ADD CONSTRAINT import_runs_source_check
  CHECK (source IN ('dvf', 'dvf-raw', 'cadastre', 'dpe', 'copro', 'ban', 'personnes-morales'));

CREATE TABLE parcel_owners (
  kind text NOT NULL CHECK (kind IN ('parcelle', 'local')),
  departement text NOT NULL,
  code_commune text NOT NULL,
  -- 14 characters, built as the cadastre's: INSEE + prefix (3) + section (2) + plan number (4).
  id_parcelle text NOT NULL,
  -- Year of the situation (1 January) the file describes, e.g. '2025'.
  vintage text NOT NULL,
  -- Bâtiment, entrée, niveau, porte of a local ('' for a parcel row).
  local_ref text NOT NULL DEFAULT '',
  numero_voirie text,
  indice_repetition text,
  code_voie_rivoli text,
  nature_voie text,
  nom_voie text,
  contenance integer,
  code_droit text,
  numero_majic text,
  siren text,
  groupe_personne smallint,
  forme_juridique text,
  forme_juridique_abregee text,
  denomination text NOT NULL,
  -- Group a prospector filters on (shared/src/owners/legal-forms.logic.ts): sci, commune, hlm, etat…
  owner_group text NOT NULL,
  source_line integer NOT NULL,
  import_run_id bigint REFERENCES import_runs (id) ON DELETE SET NULL
);
CREATE INDEX parcel_owners_parcel ON parcel_owners (id_parcelle);
CREATE INDEX parcel_owners_scope ON parcel_owners (departement, kind, vintage);
CREATE INDEX parcel_owners_commune_group ON parcel_owners (code_commune, owner_group);
CREATE INDEX parcel_owners_siren ON parcel_owners (siren);
