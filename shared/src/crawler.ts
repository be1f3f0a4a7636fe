/**
 * Search-engine and link-preview crawlers (SEED-SPEC §8: for them an error page is not rendered,
 * the error is only logged). Deliberately narrower than a generic bot list: command-line clients
 * and monitoring probes still get the error page.
 */
const CRAWLER = new RegExp(
  [
    // search engines
    'googlebot',
    'google-inspectiontool',
    'storebot-google',
    'bingbot',
    'bingpreview',
    'yandex(bot|images)',
    'baiduspider',
    'duckduckbot',
    'slurp',
    'applebot',
    'qwantbot',
    'ecosiabot',
    'seznambot',
    'petalbot',
    'sogou',
    'exabot',
    'mojeekbot',
    // link previews
    'facebookexternalhit',
    'facebookcatalog',
    'meta-externalagent',
    'twitterbot',
    'linkedinbot',
    'slackbot',
    'slack-imgproxy',
    'discordbot',
    'whatsapp',
    'telegrambot',
    'skypeuripreview',
    'pinterest',
    'embedly',
    'redditbot',
    'mastodon',
    'iframely',
    'vkshare',
    'tumblr',
    'snapchat',
    'bitlybot',
    'viber',
    'signal',
  ].join('|'),
  'i',
);

export function isCrawler(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent && CRAWLER.test(userAgent));
}
