/**
 * The extension's settings, kept in `chrome.storage.local`: the Immoloupe server it talks to, the
 * access key (sent only to that server) and the portals it runs on.
 */
import { DEFAULT_SERVER_URL, EXTENSION_PORTALS, type ExtensionPortal } from '@immoloupe/shared/extension/contracts';
import { z } from 'zod';

export interface Settings {
  serverUrl: string;
  key: string;
  portals: Record<ExtensionPortal, boolean>;
}

export const DEFAULT_SETTINGS: Settings = {
  serverUrl: DEFAULT_SERVER_URL,
  key: '',
  portals: Object.fromEntries(EXTENSION_PORTALS.map((p) => [p, true])) as Record<ExtensionPortal, boolean>,
};

/** The origin of a server address typed by the person, or a French message saying what is wrong. */
export function serverOrigin(input: string): { ok: true; origin: string } | { ok: false; message: string } {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, message: 'Adresse du serveur invalide : écrivez-la en entier, par exemple https://immoloupe.fr.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'L’adresse du serveur doit commencer par https:// (ou http:// sur votre propre machine).' };
  return { ok: true, origin: url.origin };
}

const KEY_PATTERN = /^iml_[A-Za-z0-9_-]{43}$/;

/** A pasted key, trimmed; a French message when it cannot be one of ours. */
export function checkKey(input: string): { ok: true; key: string } | { ok: false; message: string } {
  const key = input.trim();
  if (key === '') return { ok: false, message: 'Collez votre clé d’accès (elle commence par iml_).' };
  if (!KEY_PATTERN.test(key))
    return {
      ok: false,
      message: 'Cette clé n’a pas la forme attendue\u00a0: iml_ suivi de 43 caractères. Copiez-la en entier depuis Immoloupe.',
    };
  return { ok: true, key };
}

const storedSchema = z.object({
  serverUrl: z.string().optional(),
  key: z.string().optional(),
  portals: z.record(z.string(), z.boolean()).optional(),
});

/** Settings from what storage holds: anything missing or unreadable takes its default. */
export function settingsFrom(stored: unknown): Settings {
  const parsed = storedSchema.safeParse(stored ?? {});
  const s = parsed.success ? parsed.data : {};
  const origin = s.serverUrl ? serverOrigin(s.serverUrl) : null;
  return {
    serverUrl: origin?.ok ? origin.origin : DEFAULT_SETTINGS.serverUrl,
    key: s.key ?? '',
    portals: Object.fromEntries(EXTENSION_PORTALS.map((p) => [p, s.portals?.[p] ?? true])) as Record<ExtensionPortal, boolean>,
  };
}

const STORAGE_KEY = 'settings';

export async function loadSettings(): Promise<Settings> {
  const stored = await chrome.storage.local.get(STORAGE_KEY);
  return settingsFrom(stored[STORAGE_KEY]);
}

export async function saveSettings(settings: Settings): Promise<void> {
  await chrome.storage.local.set({ [STORAGE_KEY]: settings });
}
