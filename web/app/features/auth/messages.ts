/** French messages of the sign-in page for the codes Auth.js and our server put in its address. */
import { NBSP } from '@immoloupe/shared/format';

export function signInErrorMessage(error: string | null, code: string | null): string | null {
  if (!error) return null;
  if (error === 'CredentialsSignin') {
    if (code === 'trop-de-tentatives')
      return `Trop de tentatives de connexion${NBSP}: patientez quelques minutes avant de réessayer. Depuis un navigateur où vous vous êtes déjà connecté, votre mot de passe est accepté sans attendre.`;
    if (code === 'adresse-non-confirmee') {
      return `Confirmez d’abord votre adresse e-mail${NBSP}: ouvrez le lien reçu après l’inscription, ou demandez-en un nouveau ci-dessous.`;
    }
    if (code === 'compte-desactive') return `Ce compte a été désactivé${NBSP}: écrivez-nous depuis la page Contact.`;
    return 'Adresse e-mail ou mot de passe incorrect.';
  }
  if (error === 'SessionRequired') return 'Connectez-vous pour accéder à cette page.';
  if (error === 'MissingCSRF') return `La page a expiré${NBSP}: rechargez-la et réessayez.`;
  // Auth.js's own error codes (its error page redirects here): never shown to the visitor as such.
  if (error === 'Configuration')
    return `La connexion est indisponible pour le moment${NBSP}: réessayez plus tard, ou écrivez-nous depuis la page Contact.`;
  if (error === 'Verification') return 'Ce lien de connexion n’est plus valable. Connectez-vous avec votre mot de passe.';
  if (error === 'AccessDenied') return 'Accès refusé.';
  return 'La connexion n’a pas abouti. Réessayez dans un instant.';
}

/** The page to open after sign-in: `redirect`, or Auth.js's `callbackUrl` (same site only). */
export function afterSignInPath(search: URLSearchParams, origin: string): string {
  const wanted = search.get('redirect') ?? search.get('callbackUrl');
  if (!wanted) return '/pro';
  try {
    const url = new URL(wanted, origin);
    if (url.origin !== origin) return '/pro';
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('/abo/connexion') || path.startsWith('/abo/nouveaucompte') ? '/pro' : path;
  } catch {
    return '/pro';
  }
}
