-- E-mail alerts of saved searches and watched addresses (decision 1010).
--
-- « New » rows are rows FIRST seen in an import run (`import_runs.id`, increasing) after the
-- alert's watermark: a newer DVF file brings older-dated sales, so the sale date cannot say what is
-- new; and a newer DVF release rewrites every row of the years it covers under its own run id, so
-- the rows' `import_run_id` cannot either. `alert_first_seen` keeps the run that first brought each
-- row, filled by statement-level triggers on the imported tables (one set-based insert per
-- statement). `alert_sent_rows` keeps every row an alert has already put in a digest.
CREATE TABLE alert_first_seen (
  source text NOT NULL,
  row_id text NOT NULL,
  run_id bigint NOT NULL,
  PRIMARY KEY (source, row_id)
);
CREATE INDEX alert_first_seen_run ON alert_first_seen (source, run_id);

CREATE FUNCTION alert_first_seen_dvf() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_first_seen (source, row_id, run_id)
  SELECT 'dvf', id_mutation, import_run_id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE FUNCTION alert_first_seen_dpe() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_first_seen (source, row_id, run_id)
  SELECT 'dpe', numero_dpe, import_run_id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER dvf_mutations_first_seen AFTER INSERT ON dvf_mutations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alert_first_seen_dvf();
CREATE TRIGGER dpe_first_seen AFTER INSERT ON dpe
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alert_first_seen_dpe();
INSERT INTO alert_first_seen (source, row_id, run_id) SELECT 'dvf', id_mutation, import_run_id FROM dvf_mutations;
INSERT INTO alert_first_seen (source, row_id, run_id) SELECT 'dpe', numero_dpe, import_run_id FROM dpe;

-- One row per alert that is on (a saved search with `alert` <> 'off', a saved address with
-- `watch` <> 'off'), created by the triggers below at the moment the alert is turned on, with the
-- newest import run as watermark: the first digest brings what arrived after that moment.
CREATE TABLE alert_states (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  search_id uuid UNIQUE REFERENCES saved_searches (id) ON DELETE CASCADE,
  address_id uuid UNIQUE REFERENCES saved_addresses (id) ON DELETE CASCADE,
  -- Rows of import runs up to this id have been looked at.
  watermark_run bigint NOT NULL DEFAULT 0,
  last_run_at timestamptz,
  last_sent_at timestamptz,
  CHECK ((search_id IS NULL) <> (address_id IS NULL))
);
CREATE INDEX alert_states_user ON alert_states (user_id);

-- Rows already put in a digest by an alert (source 'dvf': id_mutation, 'dpe': numero_dpe, …).
CREATE TABLE alert_sent_rows (
  alert_id uuid NOT NULL REFERENCES alert_states (id) ON DELETE CASCADE,
  source text NOT NULL,
  row_id text NOT NULL,
  PRIMARY KEY (alert_id, source, row_id)
);

-- The outbox: one digest per user and frequency, written in the same transaction as the
-- watermarks it advances and the rows it records, then sent. pending → sending (claimed just
-- before the SMTP conversation) → sent | failed; a digest left in `sending` by a dead process
-- is marked `uncertain` and never sent again (decision 1010: at most once).
CREATE TABLE alert_digests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  frequency text NOT NULL CHECK (frequency IN ('daily', 'weekly')),
  recipient text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text text NOT NULL,
  -- Extra mail headers (List-Unsubscribe…), and the stable Message-ID.
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  message_id text NOT NULL UNIQUE,
  row_count integer NOT NULL,
  -- The alerts it reports on ([{ "kind": "search" | "address", "id": … }]): its List-Unsubscribe turns them all off.
  items jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'uncertain')),
  attempts integer NOT NULL DEFAULT 0,
  claimed_at timestamptz,
  sent_at timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_digests_status ON alert_digests (status, created_at);
CREATE INDEX alert_digests_user ON alert_digests (user_id, created_at DESC);

-- An alert run looks at the rows of the newest runs only.
CREATE INDEX dvf_mutations_import_run ON dvf_mutations (import_run_id);
CREATE INDEX dpe_import_run ON dpe (import_run_id);

-- The watermark of an alert is the newest import run when it is turned on; turning it off
-- forgets its state (turned on again later, it starts afresh).
CREATE FUNCTION alert_state_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  freq text;
  old_freq text;
BEGIN
  IF TG_TABLE_NAME = 'saved_searches' THEN
    freq := NEW.alert;
    old_freq := CASE WHEN TG_OP = 'UPDATE' THEN OLD.alert ELSE 'off' END;
  ELSE
    freq := NEW.watch;
    old_freq := CASE WHEN TG_OP = 'UPDATE' THEN OLD.watch ELSE 'off' END;
  END IF;
  IF freq <> 'off' AND old_freq = 'off' THEN
    IF TG_TABLE_NAME = 'saved_searches' THEN
      INSERT INTO alert_states (user_id, search_id, watermark_run)
      VALUES (NEW.user_id, NEW.id, (SELECT coalesce(max(id), 0) FROM import_runs))
      ON CONFLICT (search_id) DO NOTHING;
    ELSE
      INSERT INTO alert_states (user_id, address_id, watermark_run)
      VALUES (NEW.user_id, NEW.id, (SELECT coalesce(max(id), 0) FROM import_runs))
      ON CONFLICT (address_id) DO NOTHING;
    END IF;
  ELSIF freq = 'off' AND old_freq <> 'off' THEN
    IF TG_TABLE_NAME = 'saved_searches' THEN
      DELETE FROM alert_states WHERE search_id = NEW.id;
    ELSE
      DELETE FROM alert_states WHERE address_id = NEW.id;
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER saved_searches_alert_state AFTER INSERT OR UPDATE OF alert ON saved_searches
  FOR EACH ROW EXECUTE FUNCTION alert_state_sync();
CREATE TRIGGER saved_addresses_alert_state AFTER INSERT OR UPDATE OF watch ON saved_addresses
  FOR EACH ROW EXECUTE FUNCTION alert_state_sync();

-- Alerts already on before this migration start from the newest run.
INSERT INTO alert_states (user_id, search_id, watermark_run)
SELECT user_id, id, (SELECT coalesce(max(id), 0) FROM import_runs) FROM saved_searches WHERE alert <> 'off';
INSERT INTO alert_states (user_id, address_id, watermark_run)
SELECT user_id, id, (SELECT coalesce(max(id), 0) FROM import_runs) FROM saved_addresses WHERE watch <> 'off';
