// From source (npm run dev, the tests): tsx's loader registered in this thread, then the TypeScript entry. Node 20
// does not apply `--import tsx` from a worker's execArgv to its entry, hence this plain-JavaScript first step.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
