import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/client.ts';
import { loadEnv } from '../env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'postgres'; adminUrl: string; template: string } | { kind: 'pglite'; dumpFile: string };
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates once per run into a template, which each test file copies: PostgreSQL's CREATE DATABASE ...
 * TEMPLATE when DATABASE_URL is set, a PGlite data-dir dump otherwise (a fresh migrate costs seconds).
 */
export async function setup(project: TestProject) {
  const env = loadEnv();
  if (env.DATABASE_URL) {
    const template = `summit_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const db = await openPostgres(withDatabase(env.DATABASE_URL, template), { max: 1 });
    await db.close();
    project.provide('dbTemplate', { kind: 'postgres', adminUrl: env.DATABASE_URL, template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'summit-tpl-'));
  const db = await openPglite('memory://');
  const client = (db.db as unknown as { $client: { dumpDataDir(c?: 'none' | 'gzip'): Promise<Blob> } }).$client;
  const blob = await client.dumpDataDir('none');
  const dumpFile = path.join(dir, 'template.tar');
  writeFileSync(dumpFile, Buffer.from(await blob.arrayBuffer()));
  await db.close();
  project.provide('dbTemplate', { kind: 'pglite', dumpFile });
  return () => rmSync(dir, { recursive: true, force: true });
}
