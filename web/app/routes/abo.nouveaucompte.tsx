/** `/abo/nouveaucompte`: sign-up (signed-out visitors only). */

import { AboPage } from '~/features/auth/page-frame';
import { SignupForm } from '~/features/auth/signup-form';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/abo.nouveaucompte';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

export default function SignupPage() {
  return (
    <AboPage title="Créer un compte" lead="Un compte, puis l’abonnement pour ouvrir tous les outils professionnels.">
      <SignupForm />
    </AboPage>
  );
}
