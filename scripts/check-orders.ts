/** npm run check:orders -- [DIR_OR_FILE ...]: replay golden orders through the engine (docs/golden-orders.md). */
import { formatRun, runGoldenOrders } from './lib/golden-orders';

const targets = process.argv.slice(2).filter((arg) => arg !== '--');
const run = runGoldenOrders(targets.length > 0 ? targets : ['tests/golden']);
process.stdout.write(`${formatRun(run).join('\n')}\n`);
process.exitCode = run.exitCode;
