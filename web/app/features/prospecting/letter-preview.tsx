/**
 * The letter as it will print for one target: the recipient block laid out as La Poste reads it,
 * the dated line, the « Objet » line and the body with its merge fields filled, so that what the
 * agent checks here is what the server prints.
 */
import type { ProspectingTarget } from '@immoloupe/shared/prospecting/contracts';
import {
  agencyTown,
  fillLetter,
  letterDateLine,
  letterSubject,
  letterValues,
  recipientBlockOf,
} from '@immoloupe/shared/prospecting/letters.logic';
import { Paper, Stack, Text } from '@mantine/core';

export function LetterPreview({
  target,
  subject,
  body,
  agency,
}: {
  target: ProspectingTarget;
  subject: string;
  body: string;
  agency: { name: string; contact: string } | null | undefined;
}) {
  const today = new Date();
  const contact = agency?.contact.trim() ?? '';
  const values = letterValues(target, { name: agency?.name.trim() || '(votre agence)', contact: contact || '(vos coordonnées)' }, today);
  const filledSubject = letterSubject(subject, values);
  const recipient = recipientBlockOf(target);
  return (
    <Paper bg="gray.0" p="sm" data-testid="apercu-lettre">
      <Text size="xs" c="dimmed">
        Aperçu pour «{'\u00a0'}
        {target.label}
        {'\u00a0'}»
      </Text>
      <Stack gap={0} ml="auto" w="fit-content" my="xs" role="group" aria-label="Destinataire">
        {recipient.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the block's lines are positional and may repeat
          <Text key={i} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {line}
          </Text>
        ))}
        {recipient.note ? (
          <Text size="xs" c="dimmed" data-testid="envoi-lettre">
            {recipient.note}
          </Text>
        ) : null}
      </Stack>
      <Text size="sm" ta="right" mb="xs">
        {letterDateLine(today, agencyTown(contact))}
      </Text>
      {filledSubject ? (
        <Text size="sm" mb="xs" data-testid="objet-lettre">
          <strong>Objet{'\u00a0'}:</strong> {filledSubject}
        </Text>
      ) : null}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {fillLetter(body, values)}
      </Text>
    </Paper>
  );
}
