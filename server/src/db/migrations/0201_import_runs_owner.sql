-- The process that runs an import (host name and pid): a later import on the same machine can then
-- tell a run whose process was killed from one still running, without waiting for its heartbeat to age.
ALTER TABLE import_runs ADD COLUMN host text;
ALTER TABLE import_runs ADD COLUMN pid integer;
