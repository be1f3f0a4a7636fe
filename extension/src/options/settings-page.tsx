/**
 * The extension's settings page: the Immoloupe server, the access key, and the portals the
 * extension reads.
 */
import { EXTENSION_PORTALS } from '@immoloupe/shared/extension/contracts';
import { PORTAL_LABELS } from '@immoloupe/shared/listings/contracts';
import { useState } from 'react';
import { useSettings } from './use-settings';

export function SettingsPage() {
  const { settings, setSettings, loaded, status, busy, save, forgetKey } = useSettings();
  const [showKey, setShowKey] = useState(false);
  if (!loaded) return <main aria-busy="true">Chargement des réglages…</main>;
  return (
    <main>
      <h1>Immoloupe&nbsp;: réglages de l’extension</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset>
          <legend>Serveur</legend>
          <label htmlFor="server">Adresse du serveur Immoloupe</label>
          <input
            id="server"
            type="url"
            value={settings.serverUrl}
            onChange={(e) => setSettings({ ...settings, serverUrl: e.target.value })}
            required
          />
          <p className="hint">Par défaut https://immoloupe.fr. Votre clé n’est envoyée qu’à ce serveur.</p>
        </fieldset>
        <fieldset>
          <legend>Clé d’accès</legend>
          <label htmlFor="key">Clé d’accès personnelle</label>
          <input
            id="key"
            type={showKey ? 'text' : 'password'}
            value={settings.key}
            autoComplete="off"
            spellCheck={false}
            placeholder="iml_…"
            onChange={(e) => setSettings({ ...settings, key: e.target.value })}
          />
          <label className="check">
            <input type="checkbox" checked={showKey} onChange={(e) => setShowKey(e.target.checked)} /> Afficher la clé
          </label>
          <p className="hint">
            Créez-la sur Immoloupe, page « Extension navigateur » (bouton « Associer ») ou « Clés d’accès », puis collez-la ici.
          </p>
        </fieldset>
        <fieldset>
          <legend>Portails</legend>
          {EXTENSION_PORTALS.map((p) => (
            <label key={p} className="check">
              <input
                type="checkbox"
                checked={settings.portals[p]}
                onChange={(e) => setSettings({ ...settings, portals: { ...settings.portals, [p]: e.target.checked } })}
              />
              {PORTAL_LABELS[p]}
            </label>
          ))}
        </fieldset>
        {status && (
          <p className={status.tone} role={status.tone === 'error' ? 'alert' : 'status'}>
            {status.text}
          </p>
        )}
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Vérification…' : 'Enregistrer'}
          </button>
          {settings.key && (
            <button type="button" className="secondary" onClick={() => void forgetKey()}>
              Effacer la clé
            </button>
          )}
        </div>
      </form>
    </main>
  );
}
