/**
 * `/abo/offre`: the offer, its price (from the configuration) and the subscribe button. Opened
 * by the navigation rules with `?redirectionclient=…` when a user lacks an active subscription.
 */
import type { PublicConfig } from '@immoloupe/shared/app-context';
import { formatPriceCents, NBSP } from '@immoloupe/shared/format';
import { Alert, Badge, Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useRouteLoaderData, useSearchParams } from 'react-router';
import { CheckoutButton } from '~/features/billing/checkout-button';
import { offerReason } from '~/features/billing/subscription-state.logic';
import { trialDaysLeft, trialDaysLeftLabel, trialEnded } from '~/features/billing/trial.logic';
import { specMetaFor } from '~/lib/meta';
import { useSessionUser } from '~/lib/session';
import type { Route } from './+types/abo.offre';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

const INCLUDED = [
  'Transactions DVF sur la carte et en tableau, export CSV',
  'Analyse d’adresse et analyse de marché par commune et par secteur',
  'Avis de valeur par comparaison, rapport imprimable',
  'Recherche de parcelles, de DPE et de copropriétés',
  'Clés d’accès personnelles pour l’extension et l’API',
];

/** A visitor's way in: create the account, or sign in and come back here. Secondary beside the notice that payment is off. */
function AccountButtons({ secondary = false }: { secondary?: boolean }) {
  return (
    <Group>
      <Button component={Link} to="/abo/nouveaucompte" size="md" variant={secondary ? 'default' : 'filled'}>
        Créer mon compte
      </Button>
      <Button component={Link} to="/abo/connexion?redirect=%2Fabo%2Foffre" variant={secondary ? 'subtle' : 'default'} size="md">
        J’ai déjà un compte
      </Button>
    </Group>
  );
}

export default function OfferPage() {
  const [params] = useSearchParams();
  const user = useSessionUser();
  const config = (useRouteLoaderData('root') as { publicConfig?: PublicConfig } | undefined)?.publicConfig;
  const offer = config?.offer ?? { priceCents: 4900, interval: 'month' as const };
  const paymentConfigured = config?.accounts?.paymentConfigured ?? false;
  const reason = offerReason(params.get('redirectionclient'), trialEnded(user?.client));
  const trialLeft = trialDaysLeft(user?.client);
  // During the free trial the tools are open and the offer stays: paying replaces the trial.
  const active = Boolean(user?.client?.aboactif) && trialLeft === null;

  let action: React.ReactNode;
  if (active) {
    action = (
      <Stack gap="xs">
        <Alert color="teal">Votre abonnement est actif.</Alert>
        <Button component={Link} to="/pro">
          Accéder à mes outils
        </Button>
      </Stack>
    );
  } else if (!paymentConfigured) {
    action = (
      <Stack gap="sm">
        <Alert color="yellow" title="Paiement en ligne indisponible" data-testid="payment-not-configured">
          Le paiement en ligne n’est pas configuré sur ce serveur. Écrivez-nous depuis la page <Link to="/contact">Contact</Link>
          {NBSP}: un administrateur peut ouvrir votre abonnement.
        </Alert>
        {/* The administrator opens the subscription of an account: a visitor creates it first. */}
        {!user ? <AccountButtons secondary /> : null}
      </Stack>
    );
  } else if (!user) {
    action = <AccountButtons />;
  } else {
    action = <CheckoutButton />;
  }
  if (trialLeft !== null) {
    action = (
      <Stack gap="xs">
        <Alert color="teal" data-testid="offer-trial">
          Essai gratuit en cours{NBSP}: {trialDaysLeftLabel(trialLeft)}. Vos outils restent ouverts jusque-là.
        </Alert>
        {action}
        <Button component={Link} to="/pro" variant="subtle">
          Accéder à mes outils
        </Button>
      </Stack>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>L’offre Immoloupe</Title>
        {reason ? (
          <Alert color="blue" data-testid="offer-reason">
            {reason}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="xl">
          <Stack gap="md">
            <Group justify="space-between" align="baseline">
              <Title order={2}>Abonnement professionnel</Title>
              <Badge variant="light">Sans engagement</Badge>
            </Group>
            <Text fz={36} fw={700} data-testid="offer-price">
              {formatPriceCents(offer.priceCents)}{' '}
              <Text span fz="lg" fw={400} c="dimmed">
                TTC {offer.interval === 'year' ? 'par an' : 'par mois'}
              </Text>
            </Text>
            <List spacing="xs">
              {INCLUDED.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              Paiement par carte avec Stripe. Résiliable à tout moment depuis votre compte{NBSP}; l’accès reste ouvert jusqu’à la fin de la
              période payée.
            </Text>
            {action}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
