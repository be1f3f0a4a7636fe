/**
 * Repair of text encoded twice in UTF-8 (« RÃ©publique » for « République »): a file written in
 * UTF-8, read back as Latin-1 or Windows-1252 and written again in UTF-8, as some re-exports of
 * open data are (the Bondy BAN sample went through R). A value is changed only when it shows the
 * pattern AND its characters, taken back as single bytes, form valid UTF-8: a correct value such
 * as « Ã » followed by a symbol is left alone. Used by the importers (whole values) and by the
 * listing readers (`repairText`: a page whose accented letters came out twice, « RÃ©publique »).
 */

/** Windows-1252 characters of bytes 0x80–0x9F, mapped back to their byte. */
const CP1252: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** A UTF-8 lead byte of a 2- or 3-byte sequence read as one character, then a continuation byte's. */
const SUSPECT = /[\u00c2-\u00ef][\u0080-\u00bf€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/;

const decoder = new TextDecoder('utf-8', { fatal: true });

export function repairDoubleUtf8(value: string): string {
  if (!SUSPECT.test(value)) return value;
  const bytes = new Uint8Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string;
    const code = ch.charCodeAt(0);
    const byte = code <= 0xff ? code : CP1252[ch];
    if (byte === undefined) return value;
    bytes[i] = byte;
  }
  try {
    return decoder.decode(bytes);
  } catch {
    return value;
  }
}

/** A UTF-8 sequence of 2 or 3 bytes read as single characters: a lead then its continuations. */
const SEQUENCE = /[\u00c2-\u00df][\u0080-\u00bf€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]|[\u00e0-\u00ef][\u0080-\u00bf€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]{2}/g;

/**
 * A whole text (a page, a pasted listing) with every run encoded twice taken back, each on its own:
 * a page mixes correct characters (« € », « ’ ») with broken ones, so the text as a whole is no
 * valid single-byte string. Each run is replaced only when its bytes form valid UTF-8. Linear.
 */
export function repairText(value: string): string {
  if (!SUSPECT.test(value)) return value;
  return value.replace(SEQUENCE, (run) => {
    const repaired = repairDoubleUtf8(run);
    return repaired.length < run.length ? repaired : run;
  });
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  euml: 'ë',
  agrave: 'à',
  acirc: 'â',
  icirc: 'î',
  iuml: 'ï',
  ocirc: 'ô',
  ugrave: 'ù',
  ucirc: 'û',
  ccedil: 'ç',
  Eacute: 'É',
  Egrave: 'È',
  Agrave: 'À',
  Ccedil: 'Ç',
  oelig: 'œ',
  euro: '€',
  sup2: '²',
  deg: '°',
  rsquo: '’',
  lsquo: '‘',
  laquo: '«',
  raquo: '»',
  hellip: '…',
  ndash: '–',
  mdash: '—',
};

/** HTML entities of a pasted text (« R&eacute;publique », « 45 m&sup2; », « &#233; »), decoded once. */
export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8}\d?);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}
