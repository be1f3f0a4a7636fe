/**
 * Checks for a new build 5 s after start and, debounced by 300 ms, after each window focus;
 * shows one non-auto-hiding toast when the build changed. Clicking the toast (not its close
 * button) shows "Actualisation en cours..." and reloads after about 100 ms.
 */
import { VERSION_CHECK } from '@immoloupe/shared/constants';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { checkVersion, debounce } from '~/lib/version-check';

export const UPDATE_TOAST_ID = 'build-update';

let toastShown = false;

function showUpdateToast() {
  if (toastShown) return;
  toastShown = true;
  notifications.show({
    id: UPDATE_TOAST_ID,
    title: 'Nouvelle version disponible',
    message: 'Cliquez ici pour actualiser la page.',
    autoClose: false,
    withCloseButton: true,
    style: { cursor: 'pointer' },
    'data-testid': 'update-toast',
    onClose: () => {
      toastShown = false;
    },
    onClick: (event: React.MouseEvent<HTMLDivElement>) => {
      if ((event.target as Element).closest('button')) return;
      notifications.update({
        id: UPDATE_TOAST_ID,
        title: 'Nouvelle version disponible',
        message: 'Actualisation en cours...',
        loading: true,
        autoClose: false,
        withCloseButton: false,
        'data-testid': 'update-toast',
      } as Parameters<typeof notifications.update>[0]);
      setTimeout(() => window.location.reload(), VERSION_CHECK.reloadDelayMs);
    },
  } as Parameters<typeof notifications.show>[0]);
}

export function UpdateNotice() {
  useEffect(() => {
    const run = () => {
      void checkVersion({
        fetch: window.fetch.bind(window),
        storage: window.localStorage,
        log: (...args) => console.info(...args),
        now: () => Date.now(),
        onUpdateAvailable: showUpdateToast,
      });
    };
    const first = setTimeout(run, VERSION_CHECK.firstDelayMs);
    const onFocus = debounce(run, VERSION_CHECK.focusDebounceMs);
    window.addEventListener('focus', onFocus);
    return () => {
      clearTimeout(first);
      onFocus.cancel();
      window.removeEventListener('focus', onFocus);
    };
  }, []);
  return null;
}
