/**
 * Route errors of SEED-SPEC §5 and §8. A fatal error replaces the whole page by the error
 * screen; a non-fatal one (unknown route) is shown inside the page's layout.
 */
import { data, isRouteErrorResponse } from 'react-router';

export interface RouteErrorData {
  message: string;
  fatal: boolean;
}

/** A route's validation check failed: fatal, status 404 by default. */
export function routeValidationError(path: string, status = 404): never {
  throw data<RouteErrorData>({ message: `Page Not Found: ${path}`, fatal: true }, { status });
}

/** No route matches: non-fatal "Page not found: {fullPath}". */
export function pageNotFound(fullPath: string): never {
  throw data<RouteErrorData>({ message: `Page not found: ${fullPath}`, fatal: false }, { status: 404 });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Requête invalide',
  401: 'Connexion requise',
  403: 'Accès refusé',
  404: 'Page introuvable',
  500: 'Erreur interne du serveur',
  503: 'Service indisponible',
};

/** Status code and status message shown by the error screen. */
export function describeError(error: unknown, exposeDetails: boolean): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const payload = error.data as Partial<RouteErrorData> | string | undefined;
    const message =
      typeof payload === 'object' && payload?.message ? payload.message : error.statusText || STATUS_TEXT[error.status] || 'Erreur';
    return { status: error.status, message };
  }
  if (exposeDetails && error instanceof Error) return { status: 500, message: error.message };
  return { status: 500, message: STATUS_TEXT[500] as string };
}
