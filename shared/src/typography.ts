/**
 * French typography applied to text someone typed (a newsletter's subject and body): a no-break
 * space (U+00A0) before « : ; ? ! € % » and inside « », where a plain space (or none, for the
 * guillemets and a figure's « % » or « € ») was typed. A narrow no-break space (U+202F) already
 * there is kept. Nothing is inserted where no space was typed before « : ; ? ! »: « 10:30 », a web
 * address or « ?! » after a word stay as written.
 */
const NBSP = '\u00a0';

export function frenchTypography(text: string): string {
  return (
    text
      // Plain or no-break spaces (one or more) before a double sign: one no-break space.
      .replace(/[ \u00a0]+(?=[:;?!%€»])/g, NBSP)
      // A figure glued to « % » or « € »: « 20% » → « 20 % ». Not « %20 » in an address.
      .replace(/(\d)([%€])(?=$|[\s.,;:!?)»])/g, `$1${NBSP}$2`)
      // Inside guillemets, typed with or without spaces.
      .replace(/«[ \u00a0]*(?!\u202f)/g, `«${NBSP}`)
      .replace(/(?<![\s\u202f])»/g, `${NBSP}»`)
  );
}

/**
 * The same on the text of an HTML fragment (the rich-text editor's output): tags and their
 * attributes (a link's address) are left alone; `&nbsp;` in the text counts as the space it is.
 */
export function frenchTypographyHtml(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : frenchTypography(part.replace(/&nbsp;/g, NBSP))))
    .join('');
}
