/**
 * Background worker: answers the content scripts' requests with the API client, reading the
 * settings (server, key) at each request so that a change in the settings page applies at once.
 */
import { ApiClientError, createApiClient } from './api-client';
import type { AnalyseReply, Failure, Request, SaveReply } from './messages';
import { loadSettings } from './settings';

type Listing = Extract<Request, { type: 'analyse' }>['listing'];

function failure(err: unknown): Failure {
  if (err instanceof ApiClientError) return { ok: false, kind: err.kind, message: err.message };
  return { ok: false, kind: 'server', message: 'Erreur inattendue de l’extension. Réessayez.' };
}

async function analyse(listing: Listing): Promise<AnalyseReply> {
  const settings = await loadSettings();
  try {
    const analysis = await createApiClient({ serverUrl: settings.serverUrl, key: settings.key }).analyse(listing);
    return { ok: true, analysis, serverUrl: settings.serverUrl };
  } catch (err) {
    return failure(err);
  }
}

async function save(listing: Listing): Promise<SaveReply> {
  const settings = await loadSettings();
  try {
    const { merged, pricePoint } = await createApiClient({ serverUrl: settings.serverUrl, key: settings.key }).save(listing);
    return { ok: true, merged, pricePoint };
  } catch (err) {
    return failure(err);
  }
}

chrome.runtime.onMessage.addListener((message: Request, sender, reply) => {
  // Only our own content scripts and pages talk to the worker.
  if (sender.id !== chrome.runtime.id) return false;
  if (message.type === 'analyse') {
    analyse(message.listing).then(reply);
    return true;
  }
  if (message.type === 'save') {
    save(message.listing).then(reply);
    return true;
  }
  if (message.type === 'open-settings') {
    chrome.runtime.openOptionsPage();
    reply(undefined);
  }
  return false;
});

// The toolbar button opens the settings (the panel itself lives on the portals' pages).
chrome.action.onClicked.addListener(() => {
  chrome.runtime.openOptionsPage();
});
