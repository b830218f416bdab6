// @ts-check
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import layers from './layers.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ROOT = path.resolve(import.meta.dirname, '..');
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
/** A file of the repository, by its repo-relative path: the rule judges an import by where it is made. */
const at = (file) => path.join(ROOT, file);
const error = (message) => [{ message: `${message} (see docs/architecture.md)` }];

tester.run('steep/layers', layers.rules.layers, {
  valid: [
    // The owner imports its own table; a feature imports a lower feature through its index.ts.
    { code: "import { chatMedia } from '../../db/schema/chat';", filename: at('src/server/features/chat/media.ts') },
    { code: "import { photoUrlsOf } from '../features/profiles';", filename: at('src/server/realtime/hub.ts') },
    // The web imports the contract; the contract imports itself.
    { code: "import { chatApi } from '../../../contract/api/chat';", filename: at('src/web/features/chat/a.ts') },
    { code: "import { USERNAME } from './auth';", filename: at('src/contract/profiles.ts') },
    // The sanctioned test reader, and tests that go through it.
    { code: "export * from '../db/schema';", filename: at('src/server/test/tables.ts') },
    { code: "import { users } from './tables';", filename: at('src/server/test/members.ts') },
    { code: "import { reports } from '../../test/tables';", filename: at('src/server/features/chat/x.api.test.ts') },
  ],
  invalid: [
    {
      code: "import { Avatar } from '../../../web/components/avatar';",
      filename: at('src/server/features/profiles/photos.ts'),
      errors: error('src/server may not import src/web (src/web/components/avatar); share it through src/contract'),
    },
    {
      code: "import { apiCall } from '../../web/lib/api';",
      filename: at('src/server/realtime/routes.api.test.ts'),
      errors: error('src/server may not import src/web (src/web/lib/api); share it through src/contract'),
    },
    {
      // A web test reaching into a server feature's internals: once exempt as a test of that feature's importers.
      code: "import { endpointHash } from '../../../server/features/notifications/push/subscriptions';",
      filename: at('src/web/features/settings/push-resync.test.ts'),
      errors: error(
        'src/web may import only src/web, src/contract and src/locales; it imports src/server/features/notifications/push/subscriptions',
      ),
    },
    {
      code: "import { messages } from '../db/schema/chat';",
      filename: at('src/server/realtime/event-frames.ts'),
      errors: error("db/schema/chat belongs to chat; realtime must call that module's exported functions instead"),
    },
    {
      code: "import { users } from '../db/schema/users';",
      filename: at('src/server/realtime/presence.api.test.ts'),
      errors: error("db/schema/users belongs to core; realtime must call that module's exported functions instead"),
    },
    {
      code: "import { sessions } from '../db/schema/sessions';",
      filename: at('src/server/http/guards.ts'),
      errors: error("db/schema/sessions belongs to core; http must call that module's exported functions instead"),
    },
    {
      code: "import { notices } from '../db/schema/notifications';",
      filename: at('src/server/mail/mailer.ts'),
      errors: error(
        "db/schema/notifications belongs to notifications; mail must call that module's exported functions instead",
      ),
    },
    {
      code: "import { messages } from '../db/schema/chat';",
      filename: at('src/server/seed/community.ts'),
      errors: error("db/schema/chat belongs to chat; seed must call that module's exported functions instead"),
    },
    {
      code: "import { jobs } from '../db/schema/jobs';",
      filename: at('src/server/test/billing.ts'),
      errors: error('src/server/test reads tables only through src/server/test/tables.ts; import them from there'),
    },
    {
      code: "import { reports } from '../../db/schema/safety';",
      filename: at('src/server/features/chat/x.api.test.ts'),
      errors: error("db/schema/safety belongs to safety; chat must call that module's exported functions instead"),
    },
    {
      code: "import { findUser } from '../server/core';",
      filename: at('src/contract/profiles.ts'),
      errors: error(
        'src/contract is shared by server and web and may import only src/contract; it imports src/server/core',
      ),
    },
    {
      code: "import { cn } from '../web/lib/cn';",
      filename: at('src/contract/profiles.test.ts'),
      errors: error(
        'src/contract is shared by server and web and may import only src/contract; it imports src/web/lib/cn',
      ),
    },
  ],
});
