/**
 * The newsletter being written, kept in this browser (localStorage) under the administrator's
 * e-mail, so that leaving the page loses nothing: restored on return (the page says so and offers
 * to discard it), cleared once the newsletter is sent. Another administrator on the same browser
 * has a draft of their own. The API has no draft: a newsletter exists there only once sent.
 */
import { useEffect, useState } from 'react';

export interface DraftFields {
  subject: string;
  preheader: string;
  html: string;
}

export const EMPTY_DRAFT: DraftFields = { subject: '', preheader: '', html: '<p>Bonjour,</p><p></p>' };

export function draftStorageKey(email: string): string {
  return `immoloupe.newsletter-draft:${email.trim().toLowerCase()}`;
}

function isEmpty(d: DraftFields): boolean {
  return d.subject === EMPTY_DRAFT.subject && d.preheader === EMPTY_DRAFT.preheader && d.html === EMPTY_DRAFT.html;
}

/** The draft kept for `email`, or null (none, unreadable, or storage refused). */
export function readDraft(email: string): DraftFields | null {
  try {
    const raw = window.localStorage.getItem(draftStorageKey(email));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<DraftFields>;
    if (typeof d.subject !== 'string' || typeof d.html !== 'string') return null;
    const draft = { subject: d.subject, preheader: typeof d.preheader === 'string' ? d.preheader : '', html: d.html };
    return isEmpty(draft) ? null : draft;
  } catch {
    return null;
  }
}

function writeDraft(email: string, d: DraftFields): void {
  try {
    if (isEmpty(d)) window.localStorage.removeItem(draftStorageKey(email));
    else window.localStorage.setItem(draftStorageKey(email), JSON.stringify(d));
  } catch {
    // Storage full or refused (private browsing): the draft lives as long as the page.
  }
}

interface DraftState {
  /** Whose draft the fields are: null until the session says who is signed in. */
  owner: string | null;
  fields: DraftFields;
  restored: boolean;
  /** Changes when the fields are replaced from outside (restored, discarded, sent): the editor starts again from them. */
  revision: number;
}

export function useNewsletterDraft(email: string | null) {
  const [state, setState] = useState<DraftState>({ owner: null, fields: EMPTY_DRAFT, restored: false, revision: 0 });
  // The signed-in administrator's draft, read once their e-mail is known (or another signs in).
  useEffect(() => {
    const stored = email ? readDraft(email) : null;
    setState((s) => ({ owner: email, fields: stored ?? EMPTY_DRAFT, restored: stored !== null, revision: s.revision + 1 }));
  }, [email]);
  // Each change is kept at once, only under the draft's own owner.
  useEffect(() => {
    if (state.owner) writeDraft(state.owner, state.fields);
  }, [state.owner, state.fields]);

  const change = (patch: Partial<DraftFields>) => setState((s) => ({ ...s, fields: { ...s.fields, ...patch } }));
  /** Back to an empty newsletter, and nothing kept: « Effacer le brouillon », or the newsletter sent. */
  const clear = () => setState((s) => ({ ...s, fields: EMPTY_DRAFT, restored: false, revision: s.revision + 1 }));
  const dismissNotice = () => setState((s) => ({ ...s, restored: false }));
  return {
    ...state.fields,
    ready: state.owner === email,
    restored: state.restored,
    revision: state.revision,
    change,
    clear,
    dismissNotice,
  };
}
