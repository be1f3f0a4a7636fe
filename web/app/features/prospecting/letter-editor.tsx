/**
 * The letters of a list: an « Objet » line and a body for the owners, the same for the syndics of
 * its co-ownerships, with merge fields, a preview for the first target each goes to, and the PDF
 * (one page per target of the current filters, each with the letter of its reader) printed by the
 * server.
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
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAgency } from '~/features/market/print-parts';
import { LetterPreview } from './letter-preview';
import { downloadPdf } from './letters-download';

type Texts = Record<LetterAudience, { subject: string; body: string }>;
const AUDIENCES: LetterAudience[] = ['owner', 'syndic'];
const textsOf = (list: ProspectingList): Texts => ({
  owner: { subject: list.letterSubject, body: list.letterBody },
  syndic: { subject: list.syndicLetterSubject, body: list.syndicLetterBody },
});
/** The fields of the list to update: the texts that changed. */
function changes(texts: Texts, list: ProspectingList): UpdateListBody | null {
  const patch: UpdateListBody = {};
  if (texts.owner.body !== list.letterBody) patch.letterBody = texts.owner.body;
  if (texts.syndic.body !== list.syndicLetterBody) patch.syndicLetterBody = texts.syndic.body;
  if (texts.owner.subject !== list.letterSubject) patch.letterSubject = texts.owner.subject;
  if (texts.syndic.subject !== list.syndicLetterSubject) patch.syndicLetterSubject = texts.syndic.subject;
  return Object.keys(patch).length > 0 ? patch : null;
}
const unknownIn = (t: { subject: string; body: string }) => unknownMergeFields(`${t.subject}\n${t.body}`);
/** The error under a field whose merge fields are not all known. */
function fieldError(text: string): string | undefined {
  const unknown = unknownMergeFields(text);
  return unknown.length > 0 ? `Champ de fusion inconnu\u00a0: ${unknown.map((f) => `{${f}}`).join(', ')}` : undefined;
}

export function LetterEditor({
  list,
  targets,
  audiences,
  query,
  onSave,
}: {
  list: ProspectingList;
  /** The page of targets shown: the preview is the first of them that receives the letter. */
  targets: readonly ProspectingTarget[];
  /** Targets under the filters on every page, by letter; counted from `targets` when not given. */
  audiences?: Record<LetterAudience, number> | undefined;
  query: string;
  onSave: (patch: UpdateListBody) => Promise<boolean>;
}) {
  const [texts, setTexts] = useState<Texts>(() => textsOf(list));
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const counts = audiences ?? { owner: 0, syndic: 0 };
  if (!audiences) for (const t of targets) counts[audienceOf(t)]++;
  // Until a tab is picked, the letter shown follows the targets, which may load after the list:
  // a list of co-ownerships only opens on the syndics' letter.
  const [picked, setAudience] = useState<LetterAudience | null>(null);
  const audience: LetterAudience = picked ?? (counts.owner === 0 && counts.syndic > 0 ? 'syndic' : 'owner');
  useEffect(() => setTexts(textsOf(list)), [list]);
  const unknown = { owner: unknownIn(texts.owner), syndic: unknownIn(texts.syndic) };
  const invalid = unknown.owner.length > 0 || unknown.syndic.length > 0;
  const patch = changes(texts, list);
  const edit = (field: 'subject' | 'body', value: string) => {
    setTexts((t) => ({ ...t, [audience]: { ...t[audience], [field]: value } }));
    setSaved(false);
  };
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
        <TextInput
          label={audience === 'owner' ? 'Objet de la lettre aux propriétaires' : 'Objet de la lettre aux syndics'}
          description={'Imprimé sous la date, après «\u00a0Objet\u00a0:\u00a0». Laissé vide, la lettre n’a pas d’objet.'}
          value={texts[audience].subject}
          onChange={(e) => edit('subject', e.currentTarget.value)}
          maxLength={200}
          error={fieldError(texts[audience].subject)}
        />
        <Textarea
          label={audience === 'owner' ? 'Texte de la lettre aux propriétaires' : 'Texte de la lettre aux syndics'}
          value={texts[audience].body}
          onChange={(e) => edit('body', e.currentTarget.value)}
          autosize
          minRows={8}
          maxLength={8000}
          error={fieldError(texts[audience].body)}
        />
        {audience === 'syndic' && counts.syndic > 0 ? (
          <Text size="sm" c="dimmed" data-testid="adresse-syndic">
            Le registre des copropriétés (RNIC) donne le nom du syndic, pas son adresse{'\u00a0'}: ces lettres sont adressées au syndic à
            l’adresse de l’immeuble.
          </Text>
        ) : null}
        {first ? (
          <LetterPreview target={first} subject={texts[audience].subject} body={texts[audience].body} agency={agency} />
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
