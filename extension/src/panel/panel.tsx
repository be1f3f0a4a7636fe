/**
 * The panel beside a listing: the parsed fields, the comparison with the DVF sales, the estimate,
 * the rent reference or the gross yield, the localisation candidates and the DPE rental ban, as the view model computed them.
 */
import type { ListingAnalysis } from '@immoloupe/shared/extension/contracts';
import type { ParsedListing } from '@immoloupe/shared/listings/contracts';
import { useState } from 'react';
import type { SaveReply } from '../messages';
import { panelView } from './panel.logic';
import { SaveButton } from './save-button';

export type PanelState =
  | { kind: 'loading'; listing: ParsedListing }
  | { kind: 'ready'; listing: ParsedListing; analysis: ListingAnalysis; serverUrl: string }
  | { kind: 'error'; listing?: ParsedListing; message: string; settings?: boolean }
  | { kind: 'unreadable'; message: string };

export interface PanelProps {
  state: PanelState;
  today: string;
  onOpenSettings: () => void;
  onSave: (listing: ParsedListing) => Promise<SaveReply>;
}

function Shell({ children, onOpenSettings }: { children: React.ReactNode; onOpenSettings: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <section className="panel" aria-label={`Immoloupe\u00a0: le marché de cette annonce`}>
      <header>
        <strong>Immoloupe</strong>
        <span>
          <button type="button" onClick={onOpenSettings}>
            Réglages
          </button>{' '}
          <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Réduire' : 'Ouvrir'}
          </button>
        </span>
      </header>
      {open && <div className="body">{children}</div>}
    </section>
  );
}

interface ReadyProps {
  listing: ParsedListing;
  analysis: ListingAnalysis;
  today: string;
  serverUrl: string;
  onSave: PanelProps['onSave'];
}

function Ready({ listing, analysis, today, serverUrl, onSave }: ReadyProps) {
  const v = panelView(listing, analysis, today);
  return (
    <>
      {v.heading && <div className="heading">{v.heading}</div>}
      <div>
        <h2>L’annonce</h2>
        <dl>
          {v.fields.map((f) => (
            <div key={f.label} style={{ display: 'contents' }}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
          {v.pricePerM2 && (
            <>
              <dt>Prix au m²</dt>
              <dd>{v.pricePerM2}</dd>
            </>
          )}
        </dl>
        {v.missing.length > 0 && <p className="muted">Non lu sur la page&nbsp;: {v.missing.join(', ')}.</p>}
      </div>
      <div>
        <h2>Face aux ventes DVF</h2>
        {v.comparison.headline !== null ? (
          <>
            <div className={`headline ${v.comparison.tone}`}>{v.comparison.headline}</div>
            <p className="muted">{v.comparison.detail}</p>
          </>
        ) : (
          <p className="message">{v.comparison.message}</p>
        )}
        {v.estimate && (
          <p>
            {v.estimate.label}&nbsp;: <strong>{v.estimate.range}</strong>
            {v.estimate.gap && (
              <>
                <br />
                <span className="muted">{v.estimate.gap}</span>
              </>
            )}
          </p>
        )}
      </div>
      {v.rent && (
        <div>
          <h2>{v.rent.heading}</h2>
          {v.rent.headline !== null ? (
            <>
              <div className={`headline ${v.rent.tone}`}>{v.rent.headline}</div>
              <p className="muted">{v.rent.detail}</p>
            </>
          ) : (
            <p className="message">{v.rent.message}</p>
          )}
        </div>
      )}
      <div>
        <h2>{v.candidatesHeading}</h2>
        {v.candidates.length > 0 ? (
          <ol>
            {v.candidates.map((c) => (
              <li key={c.label}>
                {c.label} <span className="score">{c.score}</span>
                {c.detail && <span className="muted"> · {c.detail}</span>}
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted">{v.candidatesMessage}</p>
        )}
      </div>
      {v.rentalBan && (
        <div>
          <h2>Diagnostic énergétique</h2>
          <p className={v.rentalBan.tone}>{v.rentalBan.text}</p>
        </div>
      )}
      <SaveButton onSave={() => onSave(listing)} listingsUrl={`${serverUrl}/pro/mesannonces`} />
    </>
  );
}

export function Panel({ state, today, onOpenSettings, onSave }: PanelProps) {
  return (
    <Shell onOpenSettings={onOpenSettings}>
      {state.kind === 'loading' && <p className="muted">Analyse de l’annonce…</p>}
      {state.kind === 'unreadable' && <p className="message">{state.message}</p>}
      {state.kind === 'error' && (
        <>
          <p className="message error" role="alert">
            {state.message}
          </p>
          {state.settings && (
            <div className="actions">
              <button type="button" onClick={onOpenSettings}>
                Ouvrir les réglages
              </button>
            </div>
          )}
        </>
      )}
      {state.kind === 'ready' && (
        <Ready listing={state.listing} analysis={state.analysis} today={today} serverUrl={state.serverUrl} onSave={onSave} />
      )}
    </Shell>
  );
}
