/**
 * State of the admin imports tab: the runs and jobs polled from the API (every second while an
 * import runs, for its live progress), the "import started" notice, and the requests of the two
 * ways to start an import. The views in `admin-imports*.tsx` only lay it out.
 */
import { type ImportJob, importJobSchema, importRunsResponseSchema } from '@immoloupe/shared/opendata/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { ApiError, apiFetch } from '~/lib/api';
import { errorText } from '~/lib/query-client';
import { anyRunning } from './imports.logic';

const startedSchema = z.object({ job: importJobSchema });

const IMPORTS = ['imports', 'runs'] as const;

export function useAdminImports() {
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  // Polls overlap (the timer, the refresh after a start) and can answer out of order; TanStack
  // Query keeps only the last one asked, so "nothing runs" from before a start never comes back.
  const q = useQuery({
    queryKey: IMPORTS,
    queryFn: ({ signal }) => apiFetch('/api/admin/imports', importRunsResponseSchema, { signal }),
    // Every second while an import runs (live progress), every 15 s otherwise.
    refetchInterval: (query) => (query.state.data && anyRunning(query.state.data.runs, query.state.data.jobs) ? 1_000 : 15_000),
  });
  const data = q.data ?? null;
  const running = data ? anyRunning(data.runs, data.jobs) : false;

  // The "import started" notice gives way to the job's outcome once it ends; the pages' data
  // freshness line is then read again.
  const wasRunning = useRef(running);
  useEffect(() => {
    if (!running) setNotice(null);
    if (wasRunning.current && !running) void client.invalidateQueries({ queryKey: ['data', 'freshness'] });
    wasRunning.current = running;
  }, [running, client]);

  const started = (message: string) => {
    setNotice(message);
    // A poll still unanswered (the first one, say) would be waited for rather than sent again: it is dropped.
    void client.cancelQueries({ queryKey: IMPORTS }).then(() => client.invalidateQueries({ queryKey: IMPORTS }));
  };

  return {
    data,
    error: errorText(q.error, 'La liste des imports n’a pas pu être chargée.'),
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
