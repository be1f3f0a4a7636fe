/**
 * Repair of text encoded twice in UTF-8 (« RÃ©publique » for « République »): a file written in
 * UTF-8, read back as Latin-1 or Windows-1252 and written again in UTF-8, as some re-exports of
 * open data are (the Bondy BAN sample went through R). A value is changed only when it shows the
 * pattern AND its characters, taken back as single bytes, form valid UTF-8: a correct value such
 * as « Ã » followed by a symbol is left alone.
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
