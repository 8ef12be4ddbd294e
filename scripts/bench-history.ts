/** `npm run bench:history`: the Order History filter per key on 100,000 rows (scripts/lib/bench-history-filter.ts). */
import { benchHistoryFilter } from './lib/bench-history-filter';

await benchHistoryFilter();
