import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/db/schema-payments.ts', './src/db/schema-admission.ts', './src/db/schema-content.ts'],
  out: './src/db/migrations',
});
