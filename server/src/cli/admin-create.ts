/**
 * `npm run admin:create -- --email <e-mail> --password <mot de passe>`: creates an administrator
 * (confirmed address, client record) in the configured database, DATA_DIR or DATABASE_URL as the
 * server uses them, after applying the migrations. An existing account is promoted and gets the
 * new password. A weak password is refused with a French message.
 * With PGlite, stop the server first: its data folder is opened by one process at a time (the
 * command refuses, in French, while the server holds it).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { emailSchema, newPasswordSchema } from '@immoloupe/shared/accounts/contracts';
import { ensureClient } from '../auth/account-store.js';
import { hashPassword } from '../auth/passwords.js';
import { loadConfigOrExit } from '../config.js';
import { type Db, openDb } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { dataDirHolder } from '../importers/data-dir-lock.js';

const USAGE = 'Usage : npm run admin:create -- --email <adresse e-mail> --password <mot de passe>';

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Returns the process exit code. */
export async function adminCreate(argv: string[], db: Db, io: Io): Promise<number> {
  let values: { email?: string | undefined; password?: string | undefined };
  try {
    ({ values } = parseArgs({ args: argv, options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true }));
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  if (!values.email || !values.password) {
    io.err(USAGE);
    return 2;
  }
  const email = emailSchema.safeParse(values.email);
  if (!email.success) {
    io.err(email.error.issues[0]?.message ?? 'Adresse e-mail invalide.');
    return 1;
  }
  const password = newPasswordSchema.safeParse(values.password);
  if (!password.success) {
    io.err(password.error.issues[0]?.message ?? 'Mot de passe refusé.');
    return 1;
  }
  await migrate(db);
  const passwordHash = await hashPassword(password.data);
  const userId = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string; created: boolean }>(
      `INSERT INTO users (email, password_hash, role, email_verified_at) VALUES ($1, $2, 'admin', now())
       ON CONFLICT (lower(email)) DO UPDATE SET role = 'admin', password_hash = EXCLUDED.password_hash,
         password_changed_at = now(), email_verified_at = COALESCE(users.email_verified_at, now())
       RETURNING id, (xmax = 0) AS created`,
      [email.data, passwordHash],
    );
    const row = rows[0] as { id: string; created: boolean };
    // A promoted account's other sessions end with its old password.
    if (!row.created) await tx.query('DELETE FROM user_sessions WHERE user_id = $1', [row.id]);
    await ensureClient(tx, row.id);
    io.out(
      row.created
        ? `Administrateur créé\u00a0: ${email.data}. Connectez-vous sur /abo/connexion.`
        : `Compte existant promu administrateur, avec le nouveau mot de passe\u00a0: ${email.data}.`,
    );
    return row.id;
  });
  return userId ? 0 : 1;
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (!config.DATABASE_URL) {
    // PGlite is single-process: never open a data folder the server or an import holds.
    const holder = dataDirHolder(config.DATA_DIR);
    if (holder) {
      process.stderr.write(
        `La base PGlite du dossier « ${config.DATA_DIR} » est ouverte par ${holder.role === 'serveur' ? 'le serveur Immoloupe' : 'une commande d’import'} (processus ${holder.pid})\u00a0: arrêtez-le, puis relancez npm run admin:create.\n`,
      );
      process.exit(1);
    }
  }
  const db = await openDb(config);
  try {
    process.exitCode = await adminCreate(process.argv.slice(2), db, {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    process.stderr.write(`Échec\u00a0: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
