/**
 * Icons from our own icon endpoint (`/api/_icons`, Iconify API shape), never an icon service.
 * One request waits at most 1.5 s; the API client gives up on a resource after 5 s; request
 * URLs stay under 500 characters (longer icon lists are split). Default size 2em.
 */
import { _api, addAPIProvider, Icon } from '@iconify/react';
import { ICONS } from '@immoloupe/shared/constants';

let configured = false;

export function configureIcons(): void {
  if (configured || typeof window === 'undefined') return;
  configured = true;
  addAPIProvider('', {
    resources: [window.location.origin],
    path: '/api/_icons/',
    maxURL: ICONS.maxUrlLength,
    timeout: ICONS.apiTimeoutMs,
  });
  _api.setFetch((input, init) => window.fetch(input, { ...init, signal: AbortSignal.timeout(ICONS.fetchTimeoutMs) }));
}

// Configured on import, before any icon can render: an icon rendered before this would be
// fetched from the public Iconify service, a third-party request.
configureIcons();

export function AppIcon({ name, size = ICONS.defaultSize, label }: { name: string; size?: string | number; label?: string }) {
  return (
    <Icon
      icon={name}
      width={size}
      height={size}
      // In a row beside a long text (a card of the /pro home), an icon keeps its size.
      style={{ flexShrink: 0 }}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
    />
  );
}
