/**
 * `/pro/admin/brevo`: the newsletter, sent through Brevo (administrators only, checked on the
 * server for the page and every API call). Only users who agreed to receive it are counted.
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NewsletterComposer } from '~/features/newsletter/newsletter-composer';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.admin.brevo';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function NewsletterPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Lettre d’information</Title>
      <Text>
        Seuls les inscrits qui ont accepté de recevoir les nouvelles, dont l’adresse est confirmée et valide, reçoivent la lettre{'\u00a0;'}{' '}
        chacune contient un lien de désinscription en un clic. Les envois sont inscrits au{' '}
        <Anchor component={Link} to="/pro/admin">
          journal de l’administration
        </Anchor>
        .
      </Text>
      <NewsletterComposer />
    </Stack>
  );
}
