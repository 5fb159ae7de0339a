import rule from './database-access.js';
import { api, ruleTester } from './rule-tester.js';

ruleTester().run('database-access', rule, {
  valid: [
    { filename: api('modules/checklist/checklist.repo.ts'), code: "import { eq } from 'drizzle-orm';\nimport { studentForms } from '../../db/schema-admission.ts';" },
    { filename: api('http/rate-limit-buckets.repo.ts'), code: "import { rateLimitBuckets } from '../db/schema-jobs.ts';" },
    { filename: api('db/client.ts'), code: "import { drizzle } from 'drizzle-orm/node-postgres';" },
    { filename: api('seed/demo-seed.ts'), code: "import { accounts } from '../db/schema.ts';" },
    { filename: api('cli/migrate.ts'), code: "import { sql } from 'drizzle-orm';" },
    { filename: api('test/flows.ts'), code: "import { sql } from 'drizzle-orm';" },
    { filename: api('modules/auth/auth.test.ts'), code: "import { accounts } from '../../db/schema.ts';" },
    { filename: api('modules/payments/payment-test-kit.ts'), code: "import { sql } from 'drizzle-orm';" },
    // The database handle's type is not the schema.
    { filename: api('modules/auth/auth.service.ts'), code: "import type { Db } from '../../db/client.ts';" },
  ],
  invalid: [
    { filename: api('modules/checklist/completion.ts'), code: "import { and } from 'drizzle-orm';", errors: [{ message: /only \*\.repo\.ts files/ }] },
    { filename: api('modules/teaching/access.ts'), code: "import type { courses } from '../../db/schema-courses.ts';", errors: 1 },
    { filename: api('providers/payment/payment-provider.ts'), code: "import type { paymentOrders } from '../../db/schema-payments.ts';", errors: 1 },
    { filename: api('modules/x/x.service.ts'), code: "import { sql } from 'drizzle-orm/sql';", errors: 1 },
    { filename: api('app/app.ts'), code: "import { accounts } from '../db/schema.ts';", errors: 1 },
  ],
});
