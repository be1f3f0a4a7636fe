-- Registered offices of the companies that own parcels (issue 39, point 7), from the public « API
-- Recherche d'entreprises » by SIREN: a cache, so that a SIREN is asked once a month at most and
-- letters print offline. `found` false: the API knows no active company of that SIREN (asked again
-- after a week). An unreachable API is not recorded.
CREATE TABLE company_offices (
  siren text PRIMARY KEY CHECK (siren ~ '^[0-9]{9}$'),
  found boolean NOT NULL,
  name text,
  complement text,
  street text,
  postcode text,
  town text,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT found OR (street IS NOT NULL AND town IS NOT NULL))
);
