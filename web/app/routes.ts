/**
 * Every URL of the specification (SEED-SPEC §2) mapped to its page module, grouped under the
 * layout route the rules of `shared/src/layout.ts` give it: the router loads a page's layout
 * module with the page, before navigating. A test checks this list against the table in
 * `shared/src/routes.ts`.
 */
import { layout, type RouteConfig, route } from '@react-router/dev/routes';

/** Route id from a URL path: `/pro/test/carte3d%20combinee` → `pro-test-carte3d-combinee`. */
function idOf(path: string): string {
  return path === '/'
    ? 'home'
    : decodeURI(path)
        .slice(1)
        .replace(/[^a-z0-9]+/gi, '-');
}

/** Path as React Router matches it: without the leading slash, decoded. */
function rr(path: string): string {
  return decodeURI(path).slice(1);
}

export default [
  layout('layouts/paspro-route.tsx', { id: 'layout-paspro' }, [
    // Public routes
    route('', 'routes/home.tsx', { id: idOf('/') }),
    route('cgu', 'routes/cgu.tsx', { id: idOf('/cgu') }),
    route('apropos', 'routes/apropos.tsx', { id: idOf('/apropos') }),
    route('clients', 'routes/clients.tsx', { id: idOf('/clients') }),
    route('methodo', 'routes/methodo.tsx', { id: idOf('/methodo') }),
    route('demenagement', 'routes/demenagement.tsx', { id: idOf('/demenagement') }),
    route('index_old', 'routes/index-old.tsx', { id: idOf('/index_old') }),
    route('prospection_dpe', 'routes/prospection-dpe.tsx', { id: idOf('/prospection_dpe') }),
    route('clientscibles/agents_mandataires', 'routes/clientscibles.agents-mandataires.tsx', {
      id: idOf('/clientscibles/agents_mandataires'),
    }),
    route('clientscibles/prospecteurs_fonciers', 'routes/clientscibles.prospecteurs-fonciers.tsx', {
      id: idOf('/clientscibles/prospecteurs_fonciers'),
    }),
    route('clientscibles/chasseurs_appartement_maison', 'routes/clientscibles.chasseurs-appartement-maison.tsx', {
      id: idOf('/clientscibles/chasseurs_appartement_maison'),
    }),

    // Subscription routes
    // Any other path: a non-fatal "Page not found" with a real 404 status, inside the layout.
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),

  layout('layouts/by-client-route.tsx', { id: 'layout-by-client' }, [
    route('contact', 'routes/contact.tsx', { id: idOf('/contact') }),
    route('abo/error', 'routes/abo.error.tsx', { id: idOf('/abo/error') }),
    route('abo/offre', 'routes/abo.offre.tsx', { id: idOf('/abo/offre') }),
    route('abo/succes', 'routes/abo.succes.tsx', { id: idOf('/abo/succes') }),
    route('abo/mescles', 'routes/abo.mescles.tsx', { id: idOf('/abo/mescles') }),
    route('abo/activate', 'routes/abo.activate.tsx', { id: idOf('/abo/activate') }),
    route('abo/connexion', 'routes/abo.connexion.tsx', { id: idOf('/abo/connexion') }),
    route('abo/moncompte', 'routes/abo.moncompte.tsx', { id: idOf('/abo/moncompte') }),
    route('abo/nouveaucompte', 'routes/abo.nouveaucompte.tsx', { id: idOf('/abo/nouveaucompte') }),

    // Professional routes
    route('pro', 'routes/pro.tsx', { id: idOf('/pro') }),
  ]),

  layout('layouts/pro-route.tsx', { id: 'layout-pro' }, [
    route('pro/mazone', 'routes/pro.mazone.tsx', { id: idOf('/pro/mazone') }),
    route('pro/template', 'routes/pro.template.tsx', { id: idOf('/pro/template') }),
    route('pro/creer_cle', 'routes/pro.creer_cle.tsx', { id: idOf('/pro/creer_cle') }),
    route('pro/admin', 'routes/pro.admin.tsx', { id: idOf('/pro/admin') }),
    route('pro/admin/brevo', 'routes/pro.admin.brevo.tsx', { id: idOf('/pro/admin/brevo') }),
    route('pro/mesadresses', 'routes/pro.mesadresses.tsx', { id: idOf('/pro/mesadresses') }),
    route('pro/mesannonces', 'routes/pro.mesannonces.tsx', { id: idOf('/pro/mesannonces') }),
    route('pro/modedemploi', 'routes/pro.modedemploi.tsx', { id: idOf('/pro/modedemploi') }),
    route('pro/prospection', 'routes/pro.prospection.tsx', { id: idOf('/pro/prospection') }),
    route('pro/avisdevaleur', 'routes/pro.avisdevaleur.tsx', { id: idOf('/pro/avisdevaleur') }),
    route('pro/recherchedpe', 'routes/pro.recherchedpe.tsx', { id: idOf('/pro/recherchedpe') }),
    route('pro/transactions', 'routes/pro.transactions.tsx', { id: idOf('/pro/transactions') }),
    route('pro/analysemarche', 'routes/pro.analysemarche.tsx', { id: idOf('/pro/analysemarche') }),
    route('pro/mesrecherches', 'routes/pro.mesrecherches.tsx', { id: idOf('/pro/mesrecherches') }),
    route('pro/test/menudemo', 'routes/pro.test.menudemo.tsx', { id: idOf('/pro/test/menudemo') }),
    route('pro/analyseadresse', 'routes/pro.analyseadresse.tsx', { id: idOf('/pro/analyseadresse') }),
    route('pro/analyseannonce', 'routes/pro.analyseannonce.tsx', { id: idOf('/pro/analyseannonce') }),
    route('pro/carte_annonces', 'routes/pro.carte_annonces.tsx', { id: idOf('/pro/carte_annonces') }),
    route('pro/recherchecopro', 'routes/pro.recherchecopro.tsx', { id: idOf('/pro/recherchecopro') }),
    route('pro/creer_recherche', 'routes/pro.creer_recherche.tsx', { id: idOf('/pro/creer_recherche') }),
    route('pro/extension', 'routes/pro.extension.tsx', { id: idOf('/pro/extension') }),
    route('pro/listeautomatique', 'routes/pro.listeautomatique.tsx', { id: idOf('/pro/listeautomatique') }),
    route('pro/localisationauto', 'routes/pro.localisationauto.tsx', { id: idOf('/pro/localisationauto') }),
    route('pro/rechercheparcelle', 'routes/pro.rechercheparcelle.tsx', { id: idOf('/pro/rechercheparcelle') }),
    route('pro/test/carte3dsimple', 'routes/pro.test.carte3dsimple.tsx', { id: idOf('/pro/test/carte3dsimple') }),
    route(rr('/pro/test/carte3d%20combinee'), 'routes/pro.test.carte3d-combinee.tsx', { id: idOf('/pro/test/carte3d%20combinee') }),

    route('pro/*', 'routes/not-found.tsx', { id: 'not-found-pro' }),
  ]),

  // Print routes
  layout('layouts/pdf-route.tsx', { id: 'layout-pdf' }, [
    route('pdf/printanalysemarche', 'routes/pdf.printanalysemarche.tsx', { id: idOf('/pdf/printanalysemarche') }),
    route('pdf/printestimationavis', 'routes/pdf.printestimationavis.tsx', { id: idOf('/pdf/printestimationavis') }),
    route('pdf/*', 'routes/not-found.tsx', { id: 'not-found-pdf' }),
  ]),

  layout('layouts/none-route.tsx', { id: 'layout-none' }, [route('brevo/*', 'routes/not-found.tsx', { id: 'not-found-brevo' })]),

  // Resources
  route('sitemap.xml', 'routes/sitemap[.]xml.ts', { id: 'sitemap' }),
] satisfies RouteConfig;
