/** `npm start`: build only what changed (scripts/prepare.ts), then run the server in this process. */
import { prepare } from './prepare';

await prepare();
await import('../src/server/main');
