import { loadEnv } from '../env.ts';
import { BackupError, createBackup, formatBytes } from './backup-archive.ts';

// npm run db:backup [file]: the database (and local uploads) into one .tar.gz, ./backups/ by default (decision 086).
async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) throw new BackupError('usage: npm run db:backup [file.tar.gz]');
  const env = loadEnv();
  const started = Date.now();
  const result = await createBackup(env, { file: args[0], log: (line) => process.stdout.write(`${line}\n`) });
  const m = result.manifest;
  const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
  process.stdout.write(
    `backup done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.file}, ${formatBytes(result.bytes)}; ` +
      `database (${m.database.kind}) ${Object.keys(m.tables).length} tables, ${rows} rows, dump ${formatBytes(m.database.bytes)}; ` +
      `${m.uploads.included ? `${m.uploads.files} uploaded files (${formatBytes(m.uploads.bytes)})` : 'uploads not included'}.\n` +
      'It holds minors\' personal data: keep it encrypted, with restricted access, and delete it when its retention ends.\n',
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof BackupError ? err.message : err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
