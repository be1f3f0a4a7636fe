/** The past sends with their per-campaign report: recipients, sent, failed, still to send. */

import { formatDateTime, formatInteger } from '@immoloupe/shared/format';
import { type NewsletterSummary, SEGMENTS } from '@immoloupe/shared/newsletter/contracts';
import { Badge, Progress, Table, Text } from '@mantine/core';

const STATUS = {
  sending: { label: 'en cours', color: 'blue' },
  sent: { label: 'envoyée', color: 'teal' },
  failed: { label: 'échec', color: 'red' },
} as const;

export function CampaignReports({ newsletters }: { newsletters: NewsletterSummary[] }) {
  if (newsletters.length === 0) return <Text c="dimmed">Aucune lettre envoyée pour l’instant.</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-testid="newsletter-reports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lettre</Table.Th>
            <Table.Th>Segment</Table.Th>
            <Table.Th>État</Table.Th>
            <Table.Th>Destinataires</Table.Th>
            <Table.Th>Envoyés</Table.Th>
            <Table.Th>Échecs</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {newsletters.map((n) => (
            <Table.Tr key={n.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {n.subject}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.createdAt)} — {n.createdBy}
                </Text>
              </Table.Td>
              <Table.Td>{SEGMENTS[n.segment]}</Table.Td>
              <Table.Td>
                <Badge color={STATUS[n.status].color} variant="outline">
                  {STATUS[n.status].label}
                </Badge>
                {n.status === 'sending' && n.recipients > 0 ? (
                  <Progress mt={4} value={((n.recipients - n.pending) / n.recipients) * 100} aria-label="Progression de l’envoi" />
                ) : null}
              </Table.Td>
              <Table.Td>{formatInteger(n.recipients)}</Table.Td>
              <Table.Td>{formatInteger(n.sent)}</Table.Td>
              <Table.Td>{formatInteger(n.failed)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
