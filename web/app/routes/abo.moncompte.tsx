/**
 * `/abo/moncompte`: the account (e-mail), the subscription and its renewal date, the payment
 * (Stripe's portal), the newsletter consent, the password, the download of one's data, the deletion of the account.
 * Exempt from the subscription check: a user without subscription manages their account here.
 */
import { type AccountResponse, accountResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { formatDate } from '@immoloupe/shared/format';
import { Alert, Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Busy } from '~/components/busy';
import { ChangePasswordForm } from '~/features/auth/change-password-form';
import { DeleteAccount } from '~/features/auth/delete-account';
import { SignOutButton } from '~/features/auth/sign-out-button';
import { CheckoutButton, PortalButton } from '~/features/billing/checkout-button';
import { describeAbo } from '~/features/billing/subscription-state.logic';
import { MarketingConsent } from '~/features/newsletter/marketing-consent';
import { apiFetch } from '~/lib/api';
import { specMetaFor } from '~/lib/meta';
import { errorText } from '~/lib/query-client';
import { useSessionUser } from '~/lib/session';
import type { Route } from './+types/abo.moncompte';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export default function AccountPage() {
  const user = useSessionUser();
  const q = useQuery({ queryKey: ['account'], queryFn: ({ signal }) => apiFetch('/api/account', accountResponseSchema, { signal }) });
  const account = q.data ?? null;
  const error = errorText(q.error, 'Le compte n’a pas pu être chargé.');

  const client = account?.client ?? user?.client ?? null;
  const role = account?.role ?? user?.role ?? 'subscriber';
  const abo = describeAbo(client as AccountResponse['client'], role);

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>Mon compte</Title>
          <SignOutButton />
        </Group>
        {error ? <Alert color="red">{error}</Alert> : null}

        <Section title="Identifiant">
          <Text data-testid="account-email">{account?.email ?? user?.email}</Text>
          {account ? (
            <Text size="sm" c="dimmed">
              Compte créé le {formatDate(account.createdAt)}
              {account.role === 'admin' ? ' · administrateur' : ''}
            </Text>
          ) : null}
        </Section>

        <Section title="Abonnement">
          <Group gap="sm">
            <Badge color={abo.color} variant="light" data-testid="abo-state">
              {abo.label}
            </Badge>
            <Text>{abo.detail}</Text>
          </Group>
          {!account ? (
            <Busy size="xs" />
          ) : (
            <Group>
              {account.portalAvailable ? <PortalButton /> : null}
              {!abo.active && account.paymentConfigured ? <CheckoutButton label="S’abonner" /> : null}
              {!abo.active && !account.paymentConfigured ? (
                <Button component={Link} to="/abo/offre" variant="default">
                  Voir l’offre
                </Button>
              ) : null}
            </Group>
          )}
        </Section>

        <Section title="Lettre d’information">
          {account ? <MarketingConsent initial={account.marketingConsent} /> : <Busy size="xs" />}
        </Section>

        <Section title="Mot de passe">
          <ChangePasswordForm />
        </Section>

        <Section title="Clés d’accès">
          <Text>Pour l’extension navigateur et l’API, créez des clés personnelles et révoquez-les à tout moment.</Text>
          <Anchor component={Link} to="/abo/mescles">
            Gérer mes clés d’accès
          </Anchor>
        </Section>

        <Section title="Mes données">
          <Text>Téléchargez tout ce que nous conservons sur votre compte, au format JSON.</Text>
          <Button component="a" href="/api/account/export" download variant="default" w="fit-content">
            Télécharger mes données
          </Button>
          <DeleteAccount />
        </Section>
      </Stack>
    </Container>
  );
}
