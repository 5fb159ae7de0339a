import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rule from './import-boundaries.js';
import { ruleTester } from './rule-tester.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (rel) => path.join(ROOT, 'packages', rel);

ruleTester().run('import-boundaries', rule, {
  valid: [
    { filename: at('domain/src/x.ts'), code: "import { y } from './y.ts';" },
    { filename: at('api/src/x.ts'), code: "import { y } from '../../domain/src/y.ts';" },
    { filename: at('web/src/features/admin/a.tsx'), code: "import { b } from './b.tsx';\nimport { c } from '@/components/c.tsx';\nimport { d } from '@/lib/d.ts';" },
    { filename: at('web/src/app/router.tsx'), code: "import { a } from '@/features/admin/a.tsx';" },
    { filename: at('web/src/components/c.tsx'), code: "import { d } from '../lib/d.ts';" },
    { filename: at('web/src/app/layouts/top-bars.tsx'), code: "import { PATHS } from '../../lib/paths.ts';" },
  ],
  invalid: [
    { filename: at('domain/src/x.ts'), code: "import { y } from '../../api/src/y.ts';", errors: [{ message: /domain imports nothing of ours/ }] },
    { filename: at('web/src/x.ts'), code: "import type { Y } from '../../api/src/y.ts';", errors: [{ message: /web never imports the api/ }] },
    { filename: at('api/src/x.ts'), code: "import { y } from '../../web/src/y.ts';", errors: [{ message: /api never imports web code/ }] },
    { filename: at('web/src/features/admin/a.tsx'), code: "import { p } from '../profile/p.tsx';", errors: [{ message: /feature "admin" may not import feature "profile"/ }] },
    { filename: at('web/src/features/admin/a.tsx'), code: "const p = import('@/features/profile/p.tsx');", errors: 1 },
    { filename: at('web/src/features/admin/shell/a.tsx'), code: "import { PATHS } from '../../../app/paths.ts';", errors: [{ message: /src\/features may not import src\/app/ }] },
    { filename: at('web/src/components/c.tsx'), code: "import { r } from '@/app/routes.ts';", errors: [{ message: /src\/components may not import src\/app/ }] },
    { filename: at('web/src/lib/l.ts'), code: "import { r } from '../app/routes.ts';", errors: [{ message: /src\/lib may not import src\/app/ }] },
    { filename: at('web/src/lib/l.ts'), code: "import { c } from '../components/c.tsx';", errors: [{ message: /src\/lib may not import src\/components/ }] },
    { filename: at('web/src/lib/l.ts'), code: "import { f } from '@/features/auth/f.ts';", errors: [{ message: /src\/lib may not import src\/features/ }] },
    { filename: at('web/src/components/c.tsx'), code: "const f = import('../features/auth/f.tsx');", errors: [{ message: /src\/components may not import src\/features/ }] },
  ],
});
