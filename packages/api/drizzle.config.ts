import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/db/schema-payments.ts', './src/db/schema-admission.ts', './src/db/schema-content.ts', './src/db/schema-email.ts'],
  out: './src/db/migrations',
});
