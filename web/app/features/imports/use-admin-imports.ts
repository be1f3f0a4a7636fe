/**
 * State of the admin imports tab: the runs and jobs polled from the API (every second while an
 * import runs, for its live progress), the "import started" notice, and the requests of the two
 * ways to start an import. The views in `admin-imports*.tsx` only lay it out.
 */
import { type ImportJob, type ImportRunsResponse, importJobSchema, importRunsResponseSchema } from '@immoloupe/shared/opendata/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { ApiError, apiFetch } from '~/lib/api';
import { anyRunning } from './imports.logic';

const startedSchema = z.object({ job: importJobSchema });

export function useAdminImports() {
  const [data, setData] = useState<ImportRunsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Polls overlap (the timer, the immediate poll of a restarted timer, the refresh after a start)
  // and can answer out of order. An answer older than the one shown would bring back a past state:
  // "nothing runs" right after a start re-enables the forms and drops the notice.
  const sent = useRef(0);
  const shown = useRef(0);

  const load = useCallback(async () => {
    const request = ++sent.current;
    try {
      const next = await apiFetch('/api/admin/imports', importRunsResponseSchema);
      if (request < shown.current) return;
      shown.current = request;
      setData(next);
      setError(null);
    } catch (err) {
      if (request < shown.current) return;
      shown.current = request;
      setError(err instanceof ApiError ? err.message : 'La liste des imports n’a pas pu être chargée.');
    }
  }, []);

  const running = data ? anyRunning(data.runs, data.jobs) : false;
  useEffect(() => {
    void load();
    // Every second while an import runs (live progress), every 15 s otherwise.
    const timer = setInterval(() => void load(), running ? 1_000 : 15_000);
    return () => clearInterval(timer);
  }, [load, running]);

  // The "import started" notice gives way to the job's outcome once it ends.
  useEffect(() => {
    if (!running) setNotice(null);
  }, [running]);

  const started = (message: string) => {
    setNotice(message);
    void load();
  };

  return {
    data,
    error,
    notice,
    running,
    lastJob: data?.jobs[0],
    started,
    dismissNotice: () => setNotice(null),
  };
}

/** The request state of one start form: both show the API's first issue, or their own fallback. */
export function useImportStart(onStarted: (message: string) => void, failure: string) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // `done` runs in the same turn as `onStarted`, so the form's reset renders with the notice.
  const start = async (send: () => Promise<ImportJob>, done?: () => void) => {
    setError(null);
    setBusy(true);
    try {
      const job = await send();
      onStarted(`Import lancé\u00a0: ${job.label}.`);
      done?.();
    } catch (err) {
      setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : failure);
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, start };
}

/** The official files of a département; `years` empty lets the server pick the last five. */
export async function startDepartementImport(dep: string, years: string): Promise<ImportJob> {
  const { job } = await apiFetch('/api/admin/imports/departement', startedSchema, {
    method: 'POST',
    body: JSON.stringify({ dep, ...(years.trim() ? { years: years.trim() } : {}) }),
  });
  return job;
}

/** A file of this computer, sent raw; without `source` the server recognises it by its header. */
export async function uploadImportFile(file: File, source: string | null): Promise<ImportJob> {
  const query = new URLSearchParams({ nom: file.name, ...(source ? { source } : {}) });
  const { job } = await apiFetch(`/api/admin/imports/upload?${query}`, startedSchema, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: file,
  });
  return job;
}
