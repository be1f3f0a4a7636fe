/**
 * Consent and analytics (SEED-SPEC §4, §7): tarteaucitron, served from our own origin, with a
 * mandatory banner (accept all / deny all), high privacy, services waiting for consent, the
 * privacy link on /cgu. Google Analytics and the Meta pixel are declared as tarteaucitron
 * services, so their scripts are requested only after the visitor accepts. Never started on
 * /pdf paths (print pages).
 */
import type { PublicConfig } from '@immoloupe/shared/app-context';

interface Tarteaucitron {
  init(params: Record<string, unknown>): void;
  job?: string[];
  user: Record<string, unknown>;
  state?: Record<string, boolean | 'wait'>;
  userInterface?: { openPanel(): void };
}

declare global {
  interface Window {
    tarteaucitron?: Tarteaucitron;
    tarteaucitronForceLanguage?: string;
    gtag?: (...args: unknown[]) => void;
    fbq?: (...args: unknown[]) => void;
  }
}

export const TARTEAUCITRON_SRC = '/vendor/tarteaucitron/tarteaucitron.js';

export function consentAllowedOn(pathname: string): boolean {
  return !pathname.startsWith('/pdf/');
}

export const TARTEAUCITRON_PARAMS = {
  privacyUrl: '/cgu',
  bodyPosition: 'top',
  hashtag: '#tarteaucitron',
  cookieName: 'tarteaucitron',
  orientation: 'bottom',
  groupServices: false,
  showDetailsOnClick: true,
  serviceDefaultState: 'wait',
  showAlertSmall: false,
  cookieslist: true,
  closePopup: false,
  showIcon: false,
  adblocker: false,
  DenyAllCta: true,
  AcceptAllCta: true,
  highPrivacy: true,
  alwaysNeedConsent: false,
  handleBrowserDNTRequest: false,
  removeCredit: true,
  moreInfoLink: true,
  useExternalCss: false,
  useExternalJs: false,
  readmoreLink: '/cgu',
  mandatory: true,
  mandatoryCta: false,
  // Consent Mode would load gtag.js before any choice (in "denied" mode): a third-party request before consent.
  googleConsentMode: false,
  bingConsentMode: false,
  softConsentMode: false,
  dataLayer: false,
  serverSide: false,
  partnersList: false,
} as const;

let started = false;

/** Loads tarteaucitron once and declares the configured analytics services. */
export function startConsent(config: PublicConfig): void {
  if (started || typeof document === 'undefined') return;
  started = true;
  window.tarteaucitronForceLanguage = 'fr';
  const script = document.createElement('script');
  script.src = TARTEAUCITRON_SRC;
  script.async = true;
  script.onload = () => {
    const tac = window.tarteaucitron;
    if (!tac) return;
    tac.init({ ...TARTEAUCITRON_PARAMS });
    tac.job = tac.job ?? [];
    if (config.gaMeasurementId) {
      tac.user.gtagUa = config.gaMeasurementId;
      tac.job.push('gtag');
    }
    if (config.metaPixelId) {
      tac.user.facebookpixelId = config.metaPixelId;
      tac.job.push('facebookpixel');
    }
  };
  document.head.appendChild(script);
}

export function openConsentPanel(): void {
  window.tarteaucitron?.userInterface?.openPanel();
}

export function pixelTracksPath(config: PublicConfig, pathname: string): boolean {
  return config.metaPixelPaths.some((source) => new RegExp(source).test(pathname));
}

/**
 * Page views of client-side navigations, sent only through the functions that the services
 * define once consent was given (before that, `gtag` and `fbq` do not exist).
 */
export function trackPageView(config: PublicConfig, pathname: string): void {
  if (typeof window === 'undefined') return;
  if (window.gtag && config.gaMeasurementId) window.gtag('event', 'page_view', { page_path: pathname });
  if (window.fbq && config.metaPixelId && pixelTracksPath(config, pathname)) window.fbq('track', 'PageView');
}
