/**
 * Whether this site sends alert e-mails (`/api/alerts/status`), read once by a page that offers an
 * alert choice: null until known, and when it could not be read (the choice stays usable).
 */
import type { AlertStatus } from '@immoloupe/shared/alerts/contracts';
import { useEffect, useState } from 'react';
import { readAlertStatus } from './api';

export function useAlertStatus(): AlertStatus | null {
  const [status, setStatus] = useState<AlertStatus | null>(null);
  useEffect(() => {
    let live = true;
    readAlertStatus().then(
      (s) => live && setStatus(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return status;
}
