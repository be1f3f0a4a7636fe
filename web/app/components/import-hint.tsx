/**
 * Where a page may lack data that is not imported: a subscriber reads that the Immoloupe team
 * imports it on request, with a link to the contact form (subject prefilled); an administrator
 * reads where to import it, with a link to the imports tab of the administration. Inline text, to
 * be placed after the page's own sentence about what is missing.
 */
import type { Role } from '@immoloupe/shared/accounts/contracts';
import { type ImportHintSource, importHintParts } from '@immoloupe/shared/opendata/import-hint';
import { Anchor } from '@mantine/core';
import { useContext } from 'react';
import { Link, UNSAFE_DataRouterStateContext } from 'react-router';
import { useSessionUser } from '~/lib/session';

interface ImportHintProps {
  source: ImportHintSource;
  /** The département concerned, when the page knows it. */
  departement?: string | null;
}

function HintText({ reader, source, departement }: ImportHintProps & { reader: Role | null }) {
  const { before, link, after } = importHintParts({ role: reader, source, departement });
  return (
    <span data-testid="import-hint">
      {before}
      {/* Underlined: the hint is often in dimmed text, from which the link's colour alone does not stand out (1,4:1). */}
      <Anchor component={Link} to={link.href} inherit underline="always">
        {link.label}
      </Anchor>
      {after}
    </span>
  );
}

function SessionHint(props: ImportHintProps) {
  const user = useSessionUser();
  return <HintText {...props} reader={user?.role ?? null} />;
}

export function ImportHint(props: ImportHintProps) {
  // The session is read from the root route's data: pages always render in the app's data router;
  // outside one (a component rendered in a plain router), the reader is not known.
  return useContext(UNSAFE_DataRouterStateContext) ? <SessionHint {...props} /> : <HintText {...props} reader={null} />;
}
