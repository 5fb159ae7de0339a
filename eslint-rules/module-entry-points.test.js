import rule from './module-entry-points.js';
import { api, ruleTester } from './rule-tester.js';

ruleTester().run('module-entry-points', rule, {
  valid: [
    { filename: api('modules/site/site.service.ts'), code: "import { readSettings } from '../settings/settings.queries.ts';" },
    { filename: api('modules/site/site.service.ts'), code: "import { getSharedSecret } from '../settings/settings.service.ts';" },
    { filename: api('modules/classes/classes.service.ts'), code: "import { renderPdf } from '../offer/offer-letter-pdf.ts';" },
    // A module's own repo and routes.
    { filename: api('modules/site/site.service.ts'), code: "import { readSite } from './site.repo.ts';" },
    { filename: api('modules/auth/mfa.routes.ts'), code: "import { x } from './auth.routes.ts';" },
    // Tests may reach in; app/ wires routes.
    { filename: api('modules/checklist/checklist.test.ts'), code: "import { isUploadReferenced } from '../storage/storage.repo.ts';" },
    { filename: api('modules/storage/storage-test-kit.ts'), code: "import { x } from '../auth/auth.repo.ts';" },
    { filename: api('app/routes.ts'), code: "import { authRoutes } from '../modules/auth/auth.routes.ts';" },
  ],
  invalid: [
    { filename: api('modules/site/site.repo.ts'), code: "import { readSettings } from '../settings/settings.repo.ts';", errors: [{ message: /may not read module "settings"'s repo/ }] },
    { filename: api('modules/messages/messages.repo.ts'), code: "export { countSegment } from '../students/students.repo.ts';", errors: 1 },
    { filename: api('modules/wechat/wechat.routes.ts'), code: "import { requestMeta } from '../auth/auth.routes.ts';", errors: [{ message: /routes/ }] },
    { filename: api('modules/coursework/coursework.service.ts'), code: "import type { UploadRow } from '../storage/storage.repo.ts';", errors: 1 },
  ],
});
