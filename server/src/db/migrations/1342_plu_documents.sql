-- Urban-planning documents (issue 39, point 1): the PLU / PLUi layers of the Géoportail de
-- l'Urbanisme in the CNIG standard (zone_urba, prescription_surf/lin/pct, info_surf/lin/pct).
-- One current version per document (the partition: SIREN or INSEE code and type, from IDURBA);
-- a newer approval date replaces the whole older version in the import's transaction (importer
-- `plu`). Geometries are GeoJSON in WGS 84 with their bounding box, as the parcels' (no PostGIS).

-- The source `plu` of import_runs is allowed by 1390, which sets the list after 1350 redefined it.

CREATE TABLE plu_documents (
  -- `200057875_PLUI`: IDURBA without its approval date (and with its optional suffix).
  partition text PRIMARY KEY,
  idurba text NOT NULL,
  -- Approval date of the version, the date part of IDURBA (the CNIG standard's DATAPPRO).
  datappro date NOT NULL,
  -- Newest DATVALID of its features (date the layers were validated), when given.
  datvalid date,
  -- Link to the regulation when the file names one (URLFIC of its zones; NOMFIC alone is a file name).
  urlfic text,
  nomfic text,
  import_run_id bigint REFERENCES import_runs (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Each layer of the current version, with a fingerprint of its rows: re-importing the same file
-- finds the same fingerprint and changes nothing.
CREATE TABLE plu_layers (
  partition text NOT NULL REFERENCES plu_documents (partition) ON DELETE CASCADE,
  layer text NOT NULL CHECK (layer IN ('zone_urba', 'prescription_surf', 'prescription_lin', 'prescription_pct', 'info_surf', 'info_lin', 'info_pct')),
  fingerprint text NOT NULL,
  features integer NOT NULL,
  import_run_id bigint REFERENCES import_runs (id) ON DELETE SET NULL,
  PRIMARY KEY (partition, layer)
);

CREATE TABLE plu_features (
  id bigserial PRIMARY KEY,
  partition text NOT NULL,
  layer text NOT NULL,
  idurba text NOT NULL,
  libelle text,
  libelong text,
  -- zone_urba: U, AUc, AUs, A or N.
  typezone text,
  -- Prescriptions: TYPEPSC / STYPEPSC; informations: TYPEINF / STYPEINF (two-digit codes of the standard).
  type_code text,
  subtype_code text,
  txt text,
  nomfic text,
  urlfic text,
  datvalid date,
  geometry jsonb NOT NULL,
  bbox_west double precision NOT NULL,
  bbox_south double precision NOT NULL,
  bbox_east double precision NOT NULL,
  bbox_north double precision NOT NULL,
  FOREIGN KEY (partition, layer) REFERENCES plu_layers (partition, layer) ON DELETE CASCADE
);
CREATE INDEX plu_features_bbox ON plu_features USING gist (box(point(bbox_west, bbox_south), point(bbox_east, bbox_north)));
CREATE INDEX plu_features_layer ON plu_features (partition, layer);
