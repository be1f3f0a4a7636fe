/** Deletion of the account and its data, confirmed by the password. */
import { messageResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { NBSP } from '@immoloupe/shared/format';
import { Alert, Button, Group, List, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';

/**
 * What `DELETE /api/account` removes with the user row (every table referencing `users` cascades;
 * `server/src/features/saved-searches/account-export.test.ts` lists them and checks the deletion).
 */
export const DELETED_WITH_ACCOUNT = [
  'vos recherches enregistrées et leurs alertes',
  'vos adresses enregistrées, avec leurs notes, étiquettes et surveillance',
  'Mes annonces, avec leurs statuts, notes et historiques de prix',
  'vos listes de prospection et leurs cibles, avec leurs notes',
  'vos avis de valeur et votre modèle de rapport (nom, coordonnées et logo de l’agence)',
  'ma zone',
  'les e-mails d’alerte conservés et vos notifications',
  'vos clés d’accès et vos sessions',
] as const;

export function DeleteAccount() {
  const [opened, { open, close }] = useDisclosure(false);
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await apiFetch('/api/account', messageResponseSchema, { method: 'DELETE', body: JSON.stringify({ password }) });
      // The session ended with the account: a full load starts the site afresh.
      window.location.assign('/');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Erreur inattendue.');
      setPending(false);
    }
  }

  return (
    <>
      <Button color="red" variant="light" onClick={open} w="fit-content">
        Supprimer mon compte
      </Button>
      <Modal opened={opened} onClose={close} title="Supprimer mon compte">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text>Votre compte sera supprimé définitivement, et avec lui{NBSP}:</Text>
            <List size="sm" spacing={2} data-testid="deleted-with-account">
              {DELETED_WITH_ACCOUNT.map((item, i) => (
                <List.Item key={item}>
                  {item}
                  {i < DELETED_WITH_ACCOUNT.length - 1 ? `${NBSP};` : '.'}
                </List.Item>
              ))}
            </List>
            <Text>
              Un abonnement par carte en cours est résilié{NBSP}; la période entamée n’est pas remboursée. Les messages envoyés par le
              formulaire de contact ne sont pas liés au compte et restent conservés.
            </Text>
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <PasswordInput
              label="Mot de passe"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Annuler
              </Button>
              <Button type="submit" color="red" loading={pending} disabled={!password}>
                Supprimer définitivement
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
