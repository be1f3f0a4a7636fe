/** `/contact`: the contact form (pro layout for a signed-in client, paspro otherwise: SEED-SPEC §2). */
import { findSpecRoute } from '@immoloupe/shared/routes';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ContactForm } from '~/features/contact/contact-form';
import { publicMeta } from '~/features/public/meta';
import { PublicPage } from '~/features/public/page-parts';

const PATH = '/contact';
export const meta = publicMeta(PATH);

export default function ContactPage() {
  return (
    <PublicPage
      title={findSpecRoute(PATH)?.title ?? ''}
      lead="Une question sur l’abonnement ou sur une donnée, une démonstration sur votre secteur, une erreur à signaler : écrivez-nous."
    >
      <ContactForm />
      <Text size="sm">
        Vos nom, adresse e-mail et message servent uniquement à vous répondre et sont conservés trois ans. Voir notre{' '}
        <Anchor component={Link} to="/cgu#confidentialite">
          politique de confidentialité
        </Anchor>
        .
      </Text>
    </PublicPage>
  );
}
