/**
 * One source of the /pro « Données » card: every file imported of it (its last successful import),
 * with its date, its rows and what it covers, newest first, so that a source made of several files
 * (a DVF file a département, a cadastre file a commune) does not read as its last file alone.
 */
import { formatDate, formatInteger, vintagePhrase } from '@immoloupe/shared/format';
import type { Freshness } from '@immoloupe/shared/opendata/contracts';
import { List, Text } from '@mantine/core';

type SourceFreshness = Freshness['sources'][number];

const plural = (n: number, word: string) => `${formatInteger(n)}\u00a0${word}${n > 1 ? 's' : ''}`;

export function SourceFiles({ source, label }: { source: SourceFreshness; label: string }) {
  const beyond = source.fileCount - source.files.length;
  return (
    <div data-testid="source-files">
      <Text size="sm">
        <strong>{label}</strong> · {plural(source.fileCount, 'fichier')} importé{source.fileCount > 1 ? 's' : ''}, le dernier le{' '}
        {formatDate(new Date(source.importedAt))}
      </Text>
      <List size="xs" spacing={2} withPadding aria-label={`Fichiers importés\u00a0: ${label}`}>
        {source.files.map((f) => (
          <List.Item key={f.fileName}>
            <Text span size="xs" style={{ overflowWrap: 'anywhere' }}>
              {f.fileName}
            </Text>
            <Text span size="xs" c="dimmed">
              {' '}
              · {formatDate(new Date(f.importedAt))} · {plural(f.rows, 'ligne')}
              {f.vintage ? ` (${vintagePhrase(f.vintage)})` : ''}
            </Text>
          </List.Item>
        ))}
      </List>
      {beyond > 0 && (
        <Text size="xs" c="dimmed" pl="md">
          {beyond > 1 ? `et ${formatInteger(beyond)}\u00a0autres fichiers importés plus tôt` : 'et 1\u00a0autre fichier importé plus tôt'}
        </Text>
      )}
    </div>
  );
}
