/**
 * `/index_old`: the previous home page, kept so that old links still land somewhere useful. A short
 * page, `noindex`, pointing to `/` (decision 0400).
 */
import { findSpecRoute } from '@immoloupe/shared/routes';
import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { publicMeta } from '~/features/public/meta';
import { PublicPage } from '~/features/public/page-parts';

const PATH = '/index_old';
export const meta = publicMeta(PATH);

export default function IndexOldPage() {
  return (
    <PublicPage title={findSpecRoute(PATH)?.title ?? ''}>
      <Text>
        Cette adresse était celle de l’ancienne page d’accueil d’Immoloupe. Elle est conservée pour que les anciens liens fonctionnent
        toujours, mais son contenu a été remplacé par la nouvelle page d’accueil.
      </Text>
      <div>
        <Button component={Link} to="/">
          Aller à la page d’accueil
        </Button>
      </div>
    </PublicPage>
  );
}
