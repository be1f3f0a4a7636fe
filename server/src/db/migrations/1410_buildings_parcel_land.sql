-- Buildings and the land figures of each parcel (issue 39, points 3 and 4).
-- `buildings`: the Etalab cadastre `batiments` file (importer `batiments`), one current set per
-- commune; a file replaces the buildings of the communes it lists, and only those.
-- `parcel_land`: per current parcel its built footprint, coverage ratio, main PLU zone and whether a
-- prescription touches it (and of which kinds), computed when buildings, the PLU or the parcels are imported (the land
-- refresh the `land` feature registers with the import pipeline), so the land search is an index query.

ALTER TABLE import_runs DROP CONSTRAINT IF EXISTS import_runs_source_check;
ALTER TABLE import_runs ADD CONSTRAINT import_runs_source_check
  CHECK (source IN ('dvf', 'dvf-raw', 'cadastre', 'dpe', 'copro', 'ban', 'personnes-morales', 'annonces', 'loyers', 'plu',
                    'gaspar', 'icpe', 'basias', 'sitadel', 'batiments'));

-- A commune whose buildings were imported; a commune absent here has « bâti non importé ».
CREATE TABLE building_communes (
  code_commune text PRIMARY KEY,
  -- md5 of the commune's rows in file order: the same file again changes nothing.
  fingerprint text NOT NULL,
  buildings integer NOT NULL,
  -- Newest `updated` date of its buildings.
  vintage date,
  import_run_id bigint REFERENCES import_runs (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE buildings (
  id bigserial PRIMARY KEY,
  code_commune text NOT NULL REFERENCES building_communes (code_commune) ON DELETE CASCADE,
  -- Etalab `type`: 01 bâti dur, 02 bâti léger.
  kind text NOT NULL CHECK (kind IN ('01', '02')),
  geometry jsonb NOT NULL,
  bbox_west double precision NOT NULL,
  bbox_south double precision NOT NULL,
  bbox_east double precision NOT NULL,
  bbox_north double precision NOT NULL,
  created date,
  updated date
);
CREATE INDEX buildings_commune ON buildings (code_commune);
CREATE INDEX buildings_bbox ON buildings USING gist (box(point(bbox_west, bbox_south), point(bbox_east, bbox_north)));

CREATE TABLE parcel_land (
  parcel_id text PRIMARY KEY,
  code_commune text NOT NULL,
  -- Cadastral area (contenance) in m², else the outline's.
  area_m2 integer NOT NULL,
  -- Null when the commune's buildings were never imported (« bâti non importé »), never 0.
  built_m2 integer,
  coverage double precision,
  -- Main zone (largest share): type folded to U, AU, A or N, its libellé and libellé long.
  zone_type text CHECK (zone_type IN ('U', 'AU', 'A', 'N')),
  zone_typezone text,
  zone_libelle text,
  zone_libelong text,
  zone_idurba text,
  -- The kinds (CNIG TYPEPSC, two digits) of the PLU prescriptions (surface, line or point) touching the parcel.
  prescription_types text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX parcel_land_commune_zone ON parcel_land (code_commune, zone_type, coverage);
CREATE INDEX parcel_land_commune_area ON parcel_land (code_commune, area_m2);
CREATE INDEX parcel_land_libelle ON parcel_land (code_commune, zone_libelle);
