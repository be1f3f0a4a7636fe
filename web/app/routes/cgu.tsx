/**
 * `/cgu`: terms of use and privacy policy (the consent banner's privacy link). What it says about
 * data and retention matches what the code does: keep both in step.
 */
import { findSpecRoute } from '@immoloupe/shared/routes';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { WideTable } from '~/components/wide-table';
import { publicMeta } from '~/features/public/meta';
import { useOffer } from '~/features/public/offer';
import { Bullets, PublicPage, Section } from '~/features/public/page-parts';
import { openConsentPanel } from '~/lib/consent';

const PATH = '/cgu';
export const meta = publicMeta(PATH);

const COOKIES = [
  {
    name: 'immoloupe.csrf',
    purpose: 'Sécurité : protège les formulaires contre les requêtes forgées depuis un autre site.',
    life: 'La session du navigateur',
    consent: 'Non (indispensable)',
  },
  {
    name: 'Cookie de session',
    purpose: 'Vous garder connecté à votre compte.',
    life: 'Jusqu’à la déconnexion ou l’expiration de la session',
    consent: 'Non (indispensable)',
  },
  {
    name: 'immoloupe.appareil',
    purpose:
      'Sécurité\u00a0: reconnaître un navigateur où vous vous êtes déjà connecté, pour qu’il ne soit pas ralenti par les mots de passe erronés tentés par d’autres sur votre compte.',
    life: '12 mois',
    consent: 'Non (indispensable)',
  },
  { name: 'tarteaucitron', purpose: 'Retenir vos choix de cookies.', life: '12 mois', consent: 'Non (indispensable)' },
  {
    name: 'buildId (stockage local)',
    purpose: 'Savoir si une nouvelle version du site est en ligne, pour vous proposer d’actualiser la page.',
    life: 'Jusqu’à ce que vous l’effaciez',
    consent: 'Non (aucune donnée personnelle)',
  },
  { name: 'Google Analytics (_ga…)', purpose: 'Mesure d’audience, quand elle est activée.', life: 'Fixée par Google', consent: 'Oui' },
  {
    name: 'Pixel Meta (_fbp)',
    purpose: 'Mesure de l’efficacité de nos publicités, quand il est activé.',
    life: 'Fixée par Meta',
    consent: 'Oui',
  },
];

export default function CguPage() {
  const offer = useOffer();
  return (
    <PublicPage
      title={findSpecRoute(PATH)?.title ?? ''}
      lead="Les règles d’utilisation du service Immoloupe, et la façon dont nous traitons vos données personnelles."
    >
      <Section id="service" title="1. Le service">
        <Text>
          Immoloupe est un service en ligne d’analyse du marché immobilier à partir de données publiques : ventes immobilières (DVF),
          diagnostics de performance énergétique, cadastre, registre des copropriétés et Base Adresse Nationale. Les pages publiques sont
          accessibles à tous ; les outils professionnels sont réservés aux titulaires d’un abonnement actif. L’utilisation du service vaut
          acceptation des présentes conditions. Pour toute question, écrivez-nous par le{' '}
          <Anchor component={Link} to="/contact">
            formulaire de contact
          </Anchor>
          .
        </Text>
      </Section>

      <Section id="compte" title="2. Compte et accès">
        <Bullets
          items={[
            'Un compte est personnel : vous êtes responsable de la confidentialité de votre mot de passe et des clés d’accès que vous créez. Prévenez-nous sans attendre de tout usage que vous n’avez pas autorisé.',
            'Les clés d’accès (pour l’extension navigateur et l’API) sont personnelles ; elles peuvent être révoquées à tout moment depuis votre compte.',
            'Nous pouvons suspendre un compte en cas d’usage contraire aux présentes conditions, notamment d’extraction massive des données ou de tentative de réidentification des personnes.',
          ]}
        />
      </Section>

      <Section id="abonnement" title="3. Abonnement, paiement et résiliation">
        <Bullets
          items={[
            <>
              L’abonnement donne accès à tous les outils professionnels
              {offer ? (
                <>
                  {' '}
                  pour <strong>{offer.full}</strong>
                </>
              ) : null}
              . Le prix en vigueur est affiché sur la page{' '}
              <Anchor component={Link} to="/abo/offre">
                de l’offre
              </Anchor>{' '}
              avant tout paiement.
            </>,
            'Le paiement se fait par carte bancaire auprès de notre prestataire de paiement Stripe : Immoloupe ne voit ni ne conserve vos numéros de carte.',
            'L’abonnement se renouvelle automatiquement à chaque échéance. Il est sans engagement : vous pouvez le résilier à tout moment depuis « Mon compte » ; l’accès reste ouvert jusqu’à la fin de la période payée, et aucun nouveau prélèvement n’a lieu.',
            'Si vous êtes un consommateur, vous disposez d’un délai de rétractation de quatorze jours après la souscription ; si vous avez demandé à utiliser le service pendant ce délai, le montant correspondant au service déjà fourni reste dû.',
            'En cas d’échec de paiement, l’accès aux outils est suspendu jusqu’à régularisation.',
          ]}
        />
      </Section>

      <Section id="donnees-publiques" title="4. Réutilisation des données publiques">
        <Text>
          Les données affichées proviennent de jeux de données publiés sous Licence Ouverte 2.0 (Etalab), dont les producteurs sont cités
          sur la page{' '}
          <Anchor component={Link} to="/methodo#sources">
            méthodologie
          </Anchor>
          . Les données de valeurs foncières (DVF) sont en outre soumises aux conditions de l’article R112 A-3 du Livre des procédures
          fiscales, que vous vous engagez à respecter :
        </Text>
        <Bullets
          items={[
            'ne pas chercher à réidentifier les personnes concernées par les ventes (vendeurs, acquéreurs), ni directement ni en croisant d’autres données ;',
            'ne pas publier les données de ventes sur des pages indexées par les moteurs de recherche : les exports et les rapports sont destinés à votre usage professionnel et à vos clients.',
          ]}
        />
        <Text>
          Les statistiques et les estimations sont calculées selon la méthode publiée, à partir de données qui peuvent comporter des erreurs
          ou des retards. Elles sont une aide à la décision et ne constituent pas une expertise immobilière : Immoloupe ne peut être tenu
          responsable d’une décision prise sur leur seul fondement.
        </Text>
      </Section>

      <Section id="confidentialite" title="5. Données personnelles">
        <Text>
          Le responsable du traitement est l’éditeur du service Immoloupe. Vous pouvez le joindre par le{' '}
          <Anchor component={Link} to="/contact">
            formulaire de contact
          </Anchor>
          . Voici les données que nous traitons, pourquoi et combien de temps :
        </Text>
        <WideTable label="Traitements de données personnelles" minWidth={640}>
          <Table striped withTableBorder verticalSpacing="sm">
            <Table.Caption>Traitements de données personnelles</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Données</Table.Th>
                <Table.Th scope="col">Finalité et base légale</Table.Th>
                <Table.Th scope="col">Durée de conservation</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Compte : adresse e-mail, mot de passe (chiffré de façon irréversible), rôle</Table.Th>
                <Table.Td>Fournir le service (exécution du contrat)</Table.Td>
                <Table.Td>Jusqu’à la suppression du compte, que vous pouvez demander depuis « Mon compte »</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Abonnement : identifiant client chez Stripe, état et échéance de l’abonnement, factures</Table.Th>
                <Table.Td>Facturer l’abonnement (exécution du contrat, obligations comptables)</Table.Td>
                <Table.Td>Pendant l’abonnement, puis dix ans pour les pièces comptables</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">
                  Vos contenus : adresses, recherches, annonces et avis de valeur enregistrés, modèle de rapport
                </Table.Th>
                <Table.Td>Fournir le service (exécution du contrat)</Table.Td>
                <Table.Td>Jusqu’à ce que vous les supprimiez, ou jusqu’à la suppression du compte</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Clés d’accès (seule une empreinte est conservée) et leur date de dernière utilisation</Table.Th>
                <Table.Td>Sécuriser l’accès à l’API et à l’extension (exécution du contrat)</Table.Td>
                <Table.Td>Jusqu’à la révocation de la clé ou la suppression du compte</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Messages envoyés par le formulaire de contact : nom, adresse e-mail, objet, message</Table.Th>
                <Table.Td>Vous répondre (intérêt légitime)</Table.Td>
                <Table.Td>Trois ans après leur réception, puis effacés</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Adresse IP et heure d’envoi du formulaire de contact, tentatives de connexion</Table.Th>
                <Table.Td>Limiter les envois abusifs et les attaques (intérêt légitime)</Table.Td>
                <Table.Td>Effacées dès qu’elles ont plus de 24 heures, au plus tard lors de l’envoi suivant</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Journaux techniques du serveur</Table.Th>
                <Table.Td>Sécurité et bon fonctionnement du service (intérêt légitime)</Table.Td>
                <Table.Td>Durée strictement nécessaire à ces fins</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Mesure d’audience (Google Analytics) et pixel Meta, quand ils sont activés</Table.Th>
                <Table.Td>Mesurer l’audience et l’efficacité de nos publicités (consentement)</Table.Td>
                <Table.Td>Selon les durées fixées par ces services ; rien n’est déposé sans votre accord</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </WideTable>
        <Text>
          Nos destinataires sont nos seuls prestataires techniques, dans la limite de leur mission : l’hébergeur du service, Stripe pour le
          paiement, le service d’envoi d’e-mails quand il est configuré, et Google ou Meta si vous acceptez leurs cookies. Certains de ces
          prestataires peuvent traiter des données hors de l’Union européenne, dans le cadre des garanties prévues par le RGPD (décision
          d’adéquation ou clauses contractuelles types). Nous ne vendons aucune donnée.
        </Text>
        <Text>
          Immoloupe ne collecte aucune donnée personnelle des propriétaires particuliers à partir des données publiques : seuls les
          propriétaires et syndics personnes morales sont nommés dans les outils.
        </Text>
      </Section>

      <Section id="droits" title="6. Vos droits">
        <Text>
          Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, de portabilité et d’opposition sur vos données,
          et du droit de retirer votre consentement à tout moment. Depuis « Mon compte », vous pouvez télécharger vos données et supprimer
          votre compte ; pour toute autre demande, écrivez-nous par le{' '}
          <Anchor component={Link} to="/contact">
            formulaire de contact
          </Anchor>
          . Nous répondons dans un délai d’un mois. Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir la Commission
          nationale de l’informatique et des libertés, sur{' '}
          <Anchor href="https://www.cnil.fr/" rel="noopener" target="_blank">
            cnil.fr
          </Anchor>
          .
        </Text>
      </Section>

      <Section id="cookies" title="7. Cookies et bandeau de consentement">
        <Text>
          À votre première visite, un bandeau vous propose d’accepter ou de refuser tous les cookies non indispensables, ou de les choisir
          un par un. Tant que vous n’avez pas répondu, aucun cookie de mesure d’audience ou de publicité n’est déposé et aucun script de ces
          services n’est chargé. Vous pouvez changer d’avis à tout moment :{' '}
          <Anchor component="button" type="button" onClick={openConsentPanel}>
            gérer mes cookies
          </Anchor>
          .
        </Text>
        <WideTable label="Cookies et stockage local utilisés" minWidth={640}>
          <Table striped withTableBorder verticalSpacing="sm">
            <Table.Caption>Cookies et stockage local utilisés</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Nom</Table.Th>
                <Table.Th scope="col">Finalité</Table.Th>
                <Table.Th scope="col">Durée</Table.Th>
                <Table.Th scope="col">Consentement requis</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {COOKIES.map((c) => (
                <Table.Tr key={c.name}>
                  <Table.Th scope="row">{c.name}</Table.Th>
                  <Table.Td>{c.purpose}</Table.Td>
                  <Table.Td>{c.life}</Table.Td>
                  <Table.Td>{c.consent}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      </Section>

      <Section id="modifications" title="8. Modifications et droit applicable">
        <Text>
          Nous pouvons faire évoluer ces conditions ; les abonnés sont prévenus par e-mail de tout changement important avant son entrée en
          vigueur. Les présentes conditions sont soumises au droit français.
        </Text>
      </Section>
    </PublicPage>
  );
}
