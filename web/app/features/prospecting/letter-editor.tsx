/**
 * The letters of a list: a body for the owners and one for the syndics of its co-ownerships, with
 * merge fields, a preview for the first target each goes to, and the PDF (one page per target of
 * the current filters, each with the letter of its reader) printed by the server.
 */
import type { ProspectingList, ProspectingTarget, UpdateListBody } from '@immoloupe/shared/prospecting/contracts';
import {
  audienceOf,
  LETTER_AUDIENCE_LABELS,
  type LetterAudience,
  listFileName,
  MERGE_FIELDS,
  unknownMergeFields,
} from '@immoloupe/shared/prospecting/letters.logic';
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAgency } from '~/features/market/print-parts';
import { LetterPreview } from './letter-preview';
import { downloadPdf } from './letters-download';

type Bodies = Record<LetterAudience, string>;
const AUDIENCES: LetterAudience[] = ['owner', 'syndic'];
const bodiesOf = (list: ProspectingList): Bodies => ({ owner: list.letterBody, syndic: list.syndicLetterBody });
/** The fields of the list to update: the bodies that changed. */
function changes(bodies: Bodies, list: ProspectingList): UpdateListBody | null {
  const patch: UpdateListBody = {};
  if (bodies.owner !== list.letterBody) patch.letterBody = bodies.owner;
  if (bodies.syndic !== list.syndicLetterBody) patch.syndicLetterBody = bodies.syndic;
  return Object.keys(patch).length > 0 ? patch : null;
}

export function LetterEditor({
  list,
  targets,
  query,
  onSave,
}: {
  list: ProspectingList;
  targets: readonly ProspectingTarget[];
  query: string;
  onSave: (patch: UpdateListBody) => Promise<boolean>;
}) {
  const [bodies, setBodies] = useState<Bodies>(() => bodiesOf(list));
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const counts = { owner: 0, syndic: 0 };
  for (const t of targets) counts[audienceOf(t)]++;
  // Until a tab is picked, the letter shown follows the targets, which may load after the list:
  // a list of co-ownerships only opens on the syndics' letter.
  const [picked, setAudience] = useState<LetterAudience | null>(null);
  const audience: LetterAudience = picked ?? (counts.owner === 0 && counts.syndic > 0 ? 'syndic' : 'owner');
  useEffect(() => setBodies(bodiesOf(list)), [list]);
  const unknown = { owner: unknownMergeFields(bodies.owner), syndic: unknownMergeFields(bodies.syndic) };
  const invalid = unknown.owner.length > 0 || unknown.syndic.length > 0;
  const patch = changes(bodies, list);
  const first = targets.find((t) => audienceOf(t) === audience) ?? null;
  // The letters are signed by the agency: without its name the server refuses them, so say so here.
  const agency = useAgency();
  const unsigned = agency !== undefined && agency !== null && !agency.name.trim();

  async function print() {
    setPending(true);
    setError(null);
    if (patch && !(await onSave(patch))) {
      setPending(false);
      return;
    }
    setError(
      await downloadPdf(`/api/prospecting/lists/${list.id}/letters.pdf${query}`, listFileName('lettres-prospection', list.name, 'pdf')),
    );
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
          . Les syndics des copropriétés dont le propriétaire n’est pas connu reçoivent leur propre lettre. Champs de fusion{'\u00a0'}:{' '}
          {Object.entries(MERGE_FIELDS)
            .map(([k, v]) => `{${k}} ${v}`)
            .join(' · ')}
          .
        </Text>
        <SegmentedControl
          aria-label="Lettre à modifier"
          value={audience}
          onChange={(v) => setAudience(v as LetterAudience)}
          data={AUDIENCES.map((a) => ({ value: a, label: `${LETTER_AUDIENCE_LABELS[a]} (${counts[a]})` }))}
        />
        <Textarea
          label={audience === 'owner' ? 'Texte de la lettre aux propriétaires' : 'Texte de la lettre aux syndics'}
          value={bodies[audience]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setBodies((b) => ({ ...b, [audience]: value }));
            setSaved(false);
          }}
          autosize
          minRows={8}
          maxLength={8000}
          error={
            unknown[audience].length > 0 ? `Champ de fusion inconnu\u00a0: ${unknown[audience].map((f) => `{${f}}`).join(', ')}` : undefined
          }
        />
        {audience === 'syndic' && counts.syndic > 0 ? (
          <Text size="sm" c="dimmed" data-testid="adresse-syndic">
            Le registre des copropriétés (RNIC) donne le nom du syndic, pas son adresse{'\u00a0'}: ces lettres sont adressées au syndic à
            l’adresse de l’immeuble.
          </Text>
        ) : null}
        {first ? (
          <LetterPreview target={first} body={bodies[audience]} agency={agency} />
        ) : (
          <Text size="sm" c="dimmed">
            Aucune cible de la liste (avec ces filtres) ne reçoit cette lettre.
          </Text>
        )}
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
          <Button variant="default" disabled={invalid || !patch} onClick={async () => patch && setSaved(await onSave(patch))}>
            Enregistrer les textes
          </Button>
          <Button onClick={print} loading={pending} disabled={invalid || targets.length === 0 || unsigned}>
            Télécharger les lettres (PDF)
          </Button>
          {saved ? (
            <Text size="sm" role="status">
              Textes enregistrés.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
