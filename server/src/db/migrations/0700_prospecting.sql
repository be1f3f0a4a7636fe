-- Prospecting lists (issue 10): a subscriber's named lists of targets found with the tools, with a
-- status, a next-action date and notes, and the body of the letters printed for the list.
-- Addresses only: no personal data of private owners (owner_name holds a legal entity's name).

CREATE TABLE prospecting_lists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  letter_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, name)
);

CREATE TABLE prospecting_targets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  list_id uuid NOT NULL REFERENCES prospecting_lists (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('dpe', 'copro', 'parcel', 'address')),
  ref text NOT NULL,
  label text NOT NULL,
  address text NOT NULL DEFAULT '',
  owner_name text,
  status text NOT NULL DEFAULT 'a_contacter'
    CHECK (status IN ('a_contacter', 'contacte', 'rendez_vous', 'mandat_signe', 'perdu')),
  next_action date,
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The same DPE, co-ownership, parcel or address is in a list once.
  UNIQUE (list_id, kind, ref)
);
