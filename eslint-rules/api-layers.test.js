import rule from './api-layers.js';
import { api, ruleTester } from './rule-tester.js';

ruleTester().run('api-layers', rule, {
  valid: [
    // Modules and app/ use the kit.
    { filename: api('modules/auth/auth.service.ts'), code: "import { ok } from '../../http/envelope.ts';" },
    { filename: api('app/app.ts'), code: "import { authRoutes } from '../modules/auth/auth.routes.ts';" },
    { filename: api('app/app.ts'), code: "import { installAuth } from '../http/auth-hook.ts';" },
    // The kit uses the kit.
    { filename: api('http/auth-hook.ts'), code: "import type { AppContext } from './context.ts';" },
    { filename: api('providers/sms/x.ts'), code: "import type { Db } from '../../db/client.ts';" },
    // Test code builds whole apps.
    { filename: api('http/security-headers.test.ts'), code: "import { payingStudent } from '../modules/payments/payment-test-kit.ts';" },
    // main.ts (the top) may import anything.
    { filename: api('main.ts'), code: "import { buildApp } from './app/app.ts';" },
    // Package imports are not paths.
    { filename: api('http/x.ts'), code: "import Fastify from 'fastify';" },
  ],
  invalid: [
    { filename: api('http/auth-hook.ts'), code: "import { resolveToken } from '../modules/auth/token.service.ts';", errors: [{ message: /http\/ is the kit/ }] },
    { filename: api('http/context.ts'), code: "import type { TokenCache } from '../modules/auth/token-cache.ts';", errors: 1 },
    { filename: api('http/x.ts'), code: "import { buildApp } from '../app/app.ts';", errors: 1 },
    { filename: api('db/client.ts'), code: "export { x } from '../modules/jobs/job-runner.ts';", errors: [{ message: /db\/ is the kit/ }] },
    { filename: api('providers/payment/p.ts'), code: "const m = await import('../../modules/payments/payments.service.ts');", errors: 1 },
    { filename: api('lib/pg-error.ts'), code: "import { a } from '../modules/venues/venues.service.ts';", errors: 1 },
    { filename: api('modules/auth/auth.service.ts'), code: "import { buildApp } from '../../app/app.ts';", errors: [{ message: /never import the composition root/ }] },
    { filename: api('modules/auth/auth.service.ts'), code: "type A = import('../../app/app.ts').BuildAppOptions;", errors: 1 },
  ],
});
