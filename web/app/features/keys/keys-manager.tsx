/**
 * Personal access keys: create one with a name (the key is shown once, to copy), the list with
 * the last use, revoke (confirmed in a window of the page). Used by the browser extension and the public API (`Authorization: Bearer`).
 */
import type { KeySummary } from '@immoloupe/shared/accounts/contracts';
import { formatDate, NBSP } from '@immoloupe/shared/format';
import { Alert, Button, Code, CopyButton, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Busy } from '~/components/busy';
import { useConfirm } from '~/components/confirm-dialog';
import { ApiError } from '~/lib/api';
import { useSessionUser } from '~/lib/session';
import { useKeys } from './use-keys';

const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });
const when = (iso: string) => `${formatDate(iso)} à ${time.format(new Date(iso))}`;

export function KeysManager({ focusCreate = false }: { focusCreate?: boolean }) {
  const { keys, error: listError, create: createKey, revoke: revokeKey } = useKeys();
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const user = useSessionUser();
  const { ask, dialog } = useConfirm();
  // Keys open the subscribers' tools: the server refuses them without an active subscription.
  const mayCreate = !user || user.role === 'admin' || user.client?.aboactif === true;

  async function create(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const res = await createKey(name);
      setCreated({ name: res.key.name, secret: res.secret });
      setName('');
    } catch (err) {
      setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'Erreur inattendue.');
    } finally {
      setPending(false);
    }
  }

  const revoke = (key: KeySummary) =>
    ask({
      title: 'Révoquer la clé',
      message: `Révoquer la clé «${NBSP}${key.name}${NBSP}»${NBSP}?`,
      detail: 'Ce qui l’utilise (extension navigateur, API) cessera aussitôt de fonctionner.',
      verb: 'Révoquer',
      destructive: true,
      action: () => remove(key),
    });

  async function remove(key: KeySummary) {
    try {
      await revokeKey(key.id);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Erreur inattendue.');
    }
  }

  return (
    <Stack gap="lg">
      {dialog}
      {mayCreate ? null : (
        <Alert color="blue" title="Un abonnement actif est nécessaire" data-testid="keys-need-subscription">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Une clé donne accès aux outils réservés aux abonnés (extension navigateur, API){NBSP}: vous pourrez en créer dès votre
              abonnement actif. Les clés déjà créées cessent de fonctionner tant que l’abonnement n’est pas actif{NBSP}; vous pouvez
              toujours les révoquer.
            </Text>
            <Button component={Link} to="/abo/offre" size="xs">
              Voir l’offre
            </Button>
          </Stack>
        </Alert>
      )}
      {mayCreate ? (
        <form onSubmit={create} noValidate aria-label="Créer une clé d’accès">
          <Group align="flex-end">
            <TextInput
              label="Nom de la clé"
              description="Pour la reconnaître, par exemple « Extension Chrome bureau »"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={80}
              data-autofocus={focusCreate || undefined}
              autoFocus={focusCreate}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={pending} disabled={!name.trim()}>
              Créer la clé
            </Button>
          </Group>
        </form>
      ) : null}
      {(error ?? listError) ? (
        <Alert color="red" role="alert">
          {error ?? listError}
        </Alert>
      ) : null}
      {created ? (
        <Alert
          color="teal"
          title={`Clé «${NBSP}${created.name}${NBSP}» créée`}
          data-testid="new-key"
          withCloseButton
          onClose={() => setCreated(null)}
        >
          <Stack gap="xs">
            <Text size="sm">Copiez-la maintenant{NBSP}: elle ne sera plus jamais affichée. Nous n’en gardons qu’une empreinte.</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="new-key-secret" style={{ wordBreak: 'break-all' }}>
                {created.secret}
              </Code>
              <CopyButton value={created.secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'Copiée' : 'Copier'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm">
              Utilisation{NBSP}: en-tête <Code>Authorization: Bearer {created.secret.slice(0, 10)}…</Code>
            </Text>
          </Stack>
        </Alert>
      ) : null}
      <Stack gap="xs">
        <Title order={2} fz="h4">
          Mes clés
        </Title>
        {keys === null ? (
          <Busy size="sm" />
        ) : keys.length === 0 ? (
          <Text c="dimmed">Aucune clé pour l’instant.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="keys-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nom</Table.Th>
                  <Table.Th>Début</Table.Th>
                  <Table.Th>Créée le</Table.Th>
                  <Table.Th>Dernière utilisation</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.map((k) => (
                  <Table.Tr key={k.id}>
                    <Table.Td>{k.name}</Table.Td>
                    <Table.Td>
                      <Code>{k.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>{formatDate(k.createdAt)}</Table.Td>
                    <Table.Td>{k.lastUsedAt ? when(k.lastUsedAt) : 'Jamais'}</Table.Td>
                    <Table.Td>
                      <Button size="xs" color="red" variant="subtle" onClick={() => revoke(k)}>
                        Révoquer
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
