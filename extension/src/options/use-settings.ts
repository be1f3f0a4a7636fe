/**
 * State of the settings page: the form's values, their checks, saving to storage, and a check of
 * the key against the server (who it belongs to, or why it is refused).
 */
import { useEffect, useState } from 'react';
import { ApiClientError, createApiClient } from '../api-client';
import { checkKey, DEFAULT_SETTINGS, loadSettings, type Settings, saveSettings, serverOrigin } from '../settings';

export type Status = { tone: 'ok' | 'error'; text: string } | null;

export function useSettings() {
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  const [loaded, setLoaded] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadSettings().then((s) => {
      setSettings(s);
      setLoaded(true);
    });
  }, []);

  async function save(): Promise<void> {
    const origin = serverOrigin(settings.serverUrl);
    if (!origin.ok) return setStatus({ tone: 'error', text: origin.message });
    const key = checkKey(settings.key);
    if (!key.ok) return setStatus({ tone: 'error', text: key.message });
    const next = { ...settings, serverUrl: origin.origin, key: key.key };
    setBusy(true);
    try {
      await saveSettings(next);
      setSettings(next);
      const { email } = await createApiClient({ serverUrl: next.serverUrl, key: next.key }).whoami();
      setStatus({ tone: 'ok', text: `Réglages enregistrés. Clé valide\u00a0: compte ${email}.` });
    } catch (err) {
      const text = err instanceof ApiClientError ? err.message : 'Erreur inattendue\u00a0: réessayez.';
      setStatus({ tone: 'error', text: `Réglages enregistrés, mais la clé n’a pas pu être vérifiée. ${text}` });
    } finally {
      setBusy(false);
    }
  }

  async function forgetKey(): Promise<void> {
    const next = { ...settings, key: '' };
    await saveSettings(next);
    setSettings(next);
    setStatus({ tone: 'ok', text: 'Clé effacée de ce navigateur.' });
  }

  return { settings, setSettings, loaded, status, busy, save, forgetKey };
}
