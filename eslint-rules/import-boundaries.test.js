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
  ],
  invalid: [
    { filename: at('domain/src/x.ts'), code: "import { y } from '../../api/src/y.ts';", errors: [{ message: /domain imports nothing of ours/ }] },
    { filename: at('web/src/x.ts'), code: "import type { Y } from '../../api/src/y.ts';", errors: [{ message: /web never imports the api/ }] },
    { filename: at('api/src/x.ts'), code: "import { y } from '../../web/src/y.ts';", errors: [{ message: /api never imports web code/ }] },
    { filename: at('web/src/features/admin/a.tsx'), code: "import { p } from '../profile/p.tsx';", errors: [{ message: /feature "admin" may not import feature "profile"/ }] },
    { filename: at('web/src/features/admin/a.tsx'), code: "const p = import('@/features/profile/p.tsx');", errors: 1 },
  ],
});
