/**
 * The letter of a list: its body with merge fields, a preview for the first target, and the PDF
 * (one page per target of the current filters) printed by the server.
 */
import { displayAddress } from '@immoloupe/shared/address-display';
import { formatDate } from '@immoloupe/shared/format';
import type { ProspectingList, ProspectingTarget } from '@immoloupe/shared/prospecting/contracts';
import { fillLetter, MERGE_FIELDS, salutationOf, unknownMergeFields } from '@immoloupe/shared/prospecting/letters.logic';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAgency } from '~/features/market/print-parts';
import { csrfToken } from '~/lib/api';

async function downloadPdf(url: string, fileName: string): Promise<string | null> {
  const res = await fetch(url, { credentials: 'same-origin', headers: { 'x-csrf-token': csrfToken() } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? `Erreur ${res.status}`;
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return null;
}

export function LetterEditor({
  list,
  first,
  query,
  onSave,
}: {
  list: ProspectingList;
  first: ProspectingTarget | null;
  query: string;
  onSave: (body: string) => Promise<boolean>;
}) {
  const [body, setBody] = useState(list.letterBody);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setBody(list.letterBody), [list.letterBody]);
  const unknown = unknownMergeFields(body);
  // The letters are signed by the agency: without its name the server refuses them, so say so here.
  const agency = useAgency();
  const unsigned = agency !== undefined && agency !== null && !agency.name.trim();

  async function print() {
    setPending(true);
    setError(null);
    if (body !== list.letterBody && !(await onSave(body))) {
      setPending(false);
      return;
    }
    setError(await downloadPdf(`/api/prospecting/lists/${list.id}/letters.pdf${query}`, `lettres-${list.name}.pdf`));
    setPending(false);
  }

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Lettres de prospection
        </Title>
        <Text size="sm">
          Une page par cible (selon les filtres choisis), signée de votre agence telle que définie dans{' '}
          <Anchor component={Link} to="/pro/template">
            Modèle de rapport
          </Anchor>
          . Champs de fusion{'\u00a0'}:{' '}
          {Object.entries(MERGE_FIELDS)
            .map(([k, v]) => `{${k}} ${v}`)
            .join(' · ')}
          .
        </Text>
        <Textarea
          label="Texte de la lettre"
          value={body}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            setSaved(false);
          }}
          autosize
          minRows={8}
          maxLength={8000}
          error={unknown.length > 0 ? `Champ de fusion inconnu\u00a0: ${unknown.map((f) => `{${f}}`).join(', ')}` : undefined}
        />
        {first ? (
          <Paper bg="gray.0" p="sm">
            <Text size="xs" c="dimmed">
              Aperçu pour «{'\u00a0'}
              {first.label}
              {'\u00a0'}»
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {fillLetter(body, {
                destinataire: salutationOf(first),
                adresse: displayAddress(first.address || first.label),
                libelle: first.label,
                agence: agency?.name.trim() || '(votre agence)',
                contact_agence: agency?.contact.trim() || '(vos coordonnées)',
                date: formatDate(new Date()),
              })}
            </Text>
          </Paper>
        ) : null}
        {unsigned ? (
          <Alert color="yellow" variant="light" data-testid="agence-manquante">
            Les lettres sont signées du nom de votre agence, qui n’est pas encore renseigné{'\u00a0'}: indiquez-le dans{' '}
            <Anchor component={Link} to="/pro/template">
              Modèle de rapport
            </Anchor>{' '}
            pour les télécharger.
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : null}
        <Group>
          <Button
            variant="default"
            disabled={unknown.length > 0 || body === list.letterBody}
            onClick={async () => setSaved(await onSave(body))}
          >
            Enregistrer le texte
          </Button>
          <Button onClick={print} loading={pending} disabled={unknown.length > 0 || !first || unsigned}>
            Télécharger les lettres (PDF)
          </Button>
          {saved ? (
            <Text size="sm" role="status">
              Texte enregistré.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
