/** The `MAIL_FROM` setting, « Nom <adresse> » or a bare address, as the transports want it. */
export function parseSender(from: string): { name: string | undefined; email: string } {
  const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1] || undefined, email: (m[2] as string).trim() } : { name: undefined, email: from.trim() };
}
