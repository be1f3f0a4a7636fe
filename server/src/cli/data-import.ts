/**
 * `npm run data:import -- <fichier|dossier|url>…` — imports open-data files into the configured
 * database (DATA_DIR or DATABASE_URL, as the server), detecting each file's source from its header
 * and name (`--source` forces it), parcels first whatever the order given. `--dep 93 --years
 * 2020-2024` downloads and imports the official files of a département.
 */
import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startedByLabel } from '@immoloupe/shared/admin/data-dashboard';
import { formatInteger, vintagePhrase } from '@immoloupe/shared/format';
import { ConfigError, loadConfig } from '../config.js';
import { type Db, openDb } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { type AuditActor, recordAudit } from '../features/audit/audit.js';
import { registerImportHooks } from '../import-hooks.js';
import { claimDataDir, dataDirHolder, holderMessage } from '../importers/data-dir-lock.js';
import { departementImportLabel, importDepartement } from '../importers/departement.js';
import { downloadFile, parseYears } from '../importers/download.js';
import { ImportError } from '../importers/errors.js';
import { SOURCE_LABELS, SOURCES, type Source } from '../importers/importer.js';
import { loadOpenDataConfig, OpenDataConfigError } from '../importers/open-data-config.js';
import { createProgressPrinter } from '../importers/progress.js';
import { detectFileSource, type ImportReport, runImport } from '../importers/run.js';
import { listFiles, outcome, planFiles, skippedLines } from './import-plan.js';

const USAGE = `Usage\u00a0: npm run data:import -- [options] <fichier|dossier|url>…

Importe des fichiers de données ouvertes dans la base configurée (DATA_DIR ou DATABASE_URL).
Sources reconnues\u00a0: dvf (DVF géolocalisées), dvf-raw (ValeursFoncieres DGFiP), cadastre,
dpe, copro (RNIC), ban. Les parcelles sont importées avant les DVF qu’elles géolocalisent.

Options\u00a0:
  --source <s>        force la source de tous les fichiers (${SOURCES.join(', ')})
  --dep <code>        télécharge et importe les fichiers officiels d’un département (ex. 93)
  --years <a-b>       années DVF avec --dep (ex. 2020-2024\u00a0; par défaut les cinq dernières)
  --cache-dir <dir>   dossier des téléchargements (par défaut <DATA_DIR>/telechargements)
  --help              affiche cette aide`;

function fileNameOfUrl(url: string): string {
  const u = new URL(url);
  return decodeURIComponent(u.pathname.split('/').filter(Boolean).pop() ?? 'telechargement');
}

function printReport(r: ImportReport): void {
  const head = `${r.status === 'succeeded' ? '✔' : '✘'} ${SOURCE_LABELS[r.source]} — ${r.fileName}`;
  console.info(head);
  if (r.error) console.info(`  Échec\u00a0: ${r.error}`);
  console.info(
    `  ${formatInteger(r.rowsRead)} lignes lues, ${formatInteger(r.rowsKept)} importées, ${formatInteger(r.rowsRejected)} rejetées` +
      (r.vintage ? ` — ${vintagePhrase(r.vintage)}` : '') +
      ` — ${(r.durationMs / 1000).toFixed(1).replace('.', ',')}\u00a0s`,
  );
  const details = Object.entries(r.summary)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  if (details) console.info(`  ${details}`);
  for (const rej of r.rejects.slice(0, 5)) console.info(`  ligne ${rej.line}\u00a0: ${rej.reason}`);
  if (r.rejects.length > 5)
    console.info(`  … ${r.rowsRejected - 5} autres rejets (les 100 premiers sont dans le rapport de l’import n° ${r.runId}).`);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      source: { type: 'string' },
      dep: { type: 'string' },
      years: { type: 'string' },
      'cache-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || (positionals.length === 0 && !values.dep)) {
    console.info(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.source && !SOURCES.includes(values.source as Source)) {
    throw new ImportError(`Source inconnue « ${values.source} »\u00a0: choisissez parmi ${SOURCES.join(', ')}.`);
  }
  const forced = values.source as Source | undefined;
  const config = loadConfig();
  const openData = loadOpenDataConfig();
  const cacheDir = path.resolve(values['cache-dir'] ?? path.join(config.DATA_DIR, 'telechargements'));

  let release: (() => void) | undefined;
  if (!config.DATABASE_URL) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const holder = dataDirHolder(config.DATA_DIR);
    if (holder) throw new ImportError(holderMessage(config.DATA_DIR, holder));
    release = claimDataDir(config.DATA_DIR, 'import');
  }
  let db: Db | undefined;
  try {
    db = await openDb(config);
    registerImportHooks();
    await migrate(db);
    const startedBy = `cli:${userInfo().username}`;
    // The administration's audit log lists the imports of the command line beside its own.
    const actor: AuditActor = { id: null, email: startedByLabel(startedBy), ip: null };

    // Local files and URLs first, so that a missing argument stops everything before any import;
    // a file of unknown kind is only set aside, and listed at the end.
    const files: { path: string; name: string; url?: string }[] = [];
    for (const arg of positionals) {
      if (/^https?:\/\//i.test(arg)) {
        const name = fileNameOfUrl(arg);
        const dest = path.join(cacheDir, name);
        console.info(`Téléchargement de ${arg}`);
        await downloadFile(arg, dest);
        files.push({ path: dest, name, url: arg });
        continue;
      }
      let found: string[];
      try {
        found = listFiles(arg);
      } catch {
        throw new ImportError(`Fichier ou dossier introuvable\u00a0: ${arg}`);
      }
      for (const file of found) files.push({ path: file, name: path.basename(file) });
    }
    const { jobs, skipped } = await planFiles(files, detectFileSource, forced);

    const printer = createProgressPrinter();
    let failed = 0;
    let imported = 0;
    for (const job of jobs) {
      await recordAudit(db, actor, 'import.start', `Fichier ${job.name}`, { source: job.source });
      const report = await runImport(db, {
        path: job.path,
        name: job.name,
        source: job.source,
        startedBy,
        bounds: openData.bounds,
        onProgress: (p) => printer.update(p),
        ...(job.url ? { url: job.url } : {}),
      });
      printer.done();
      printReport(report);
      if (report.status !== 'succeeded') failed++;
      else imported++;
      await logOutcome(db, actor, `Fichier ${job.name}`, [report], 0);
    }
    if (values.dep) {
      const now = new Date().getFullYear();
      const years = parseYears(values.years ?? `${now - 5}-${now - 1}`);
      await recordAudit(db, actor, 'import.start', departementImportLabel(values.dep, years), { dep: values.dep, years });
      const dep = await importDepartement(db, {
        config: openData,
        dep: values.dep,
        years,
        cacheDir,
        startedBy,
        onMessage: (m) => console.info(m),
        onProgress: (p) => printer.update(p),
      });
      for (const report of dep.reports) {
        printer.done();
        printReport(report);
        imported += report.status === 'succeeded' ? 1 : 0;
        if (report.status !== 'succeeded') failed++;
      }
      await logOutcome(db, actor, departementImportLabel(values.dep, years), dep.reports, dep.skipped.length);
    }
    for (const line of skippedLines(skipped)) console.info(line);
    const end = outcome(imported, failed, skipped.length);
    console.info(end.line);
    return end.code;
  } finally {
    await db?.close();
    release?.();
  }
}

/** The outcome beside « Import lancé » in the audit log, as for an import started from the administration. */
async function logOutcome(db: Db, actor: AuditActor, label: string, reports: readonly ImportReport[], skipped: number): Promise<void> {
  const failures = reports.filter((r) => r.status !== 'succeeded');
  if (failures.length > 0) {
    const reason = failures.map((r) => `${r.fileName}\u00a0: ${r.error ?? 'échec'}`).join('\u00a0; ');
    await recordAudit(db, actor, 'import.failure', label, { reason });
    return;
  }
  await recordAudit(db, actor, 'import.success', label, {
    files: reports.length,
    skipped,
    rowsKept: reports.reduce((n, r) => n + r.rowsKept, 0),
    rowsRejected: reports.reduce((n, r) => n + r.rowsRejected, 0),
  });
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof ImportError || err instanceof ConfigError || err instanceof OpenDataConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(`Échec de l’import\u00a0: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
