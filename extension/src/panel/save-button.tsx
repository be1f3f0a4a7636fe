/**
 * « Enregistrer dans Mes annonces »: saves the listing on the server; saved again later (another
 * visit, another portal), it joins the same listing with a new price point (one a day and a site).
 */

import { savedMessage } from '@immoloupe/shared/listings/store.logic';
import { useState } from 'react';
import type { SaveReply } from '../messages';

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

export function SaveButton({ onSave, listingsUrl }: { onSave: () => Promise<SaveReply>; listingsUrl: string }) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  async function save() {
    setState({ kind: 'saving' });
    const reply = await onSave();
    setState(reply.ok ? { kind: 'done', message: savedMessage(reply) } : { kind: 'error', message: reply.message });
  }
  return (
    <div>
      <div className="actions">
        <button type="button" onClick={() => void save()} disabled={state.kind === 'saving'}>
          {state.kind === 'saving' ? 'Enregistrement…' : 'Enregistrer dans Mes annonces'}
        </button>
      </div>
      {state.kind === 'done' && (
        <p className="muted" role="status">
          {state.message}{' '}
          <a href={listingsUrl} target="_blank" rel="noreferrer">
            Voir Mes annonces
          </a>
        </p>
      )}
      {state.kind === 'error' && (
        <p className="message error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
