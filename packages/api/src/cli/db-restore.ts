import { loadEnv } from '../env.ts';
import { BackupError, restoreBackup } from './backup-archive.ts';

// npm run db:restore <file> [--yes]: a db:backup archive back into the configured database (decision 086).
async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const yes = args.includes('--yes');
  const files = args.filter((a) => a !== '--yes');
  if (files.length !== 1 || files[0]!.startsWith('-')) throw new BackupError('usage: npm run db:restore <file.tar.gz> [--yes]');
  const env = loadEnv();
  const started = Date.now();
  const result = await restoreBackup(env, files[0]!, { yes, log: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(
    `restore done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.tables} tables, ${result.rows} rows (matching the backup), ` +
      `${result.uploads} uploaded files.\n` +
      (result.keptAside.length > 0 ? `The replaced data was kept in ${result.keptAside.join(', ')}: delete it once the restored site is checked.\n` : '') +
      'Start the server: it applies any migrations newer than the backup.\n',
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof BackupError ? err.message : err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
