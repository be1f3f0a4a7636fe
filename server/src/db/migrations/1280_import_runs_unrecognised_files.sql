-- A file refused before its source is known (unrecognised header, unreadable encoding) is still
-- recorded as a failed run, so that the import history says why: its source is then unknown.
ALTER TABLE import_runs ALTER COLUMN source DROP NOT NULL;
