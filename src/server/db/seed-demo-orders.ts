/**
 * Demo orders for the demo dealers: every lifecycle state with plausible jobs, folders, detailers and dates (relative
 * to the day of seeding), their moves as order events, and shipped history (100,000 rows for lakeside by default).
 * A dealer that already has orders (or history) gets none, so running the seed again adds nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { countHistory, insertHistoryBatch, type NewHistoryRow } from '../repositories/history-repository';
import { makeFolderName } from '../services/order-lifecycle/lifecycle-rules';
import { readShippedDate } from '../services/order-history/shipped-date';
import { makeOrderFileName } from '../services/file-names';
import type { Database } from './database';
import { formatCount, logSeedLine, runSeedStep, type SeedLog } from './seed-steps';
import { orderEvents, orderHistory, orders, type OrderStatus } from './schema';

export interface SeedOrdersOptions {
  /** Shipped history rows for lakeside (default 100,000); summit and harbor get a few hundred. */
  lakesideHistoryRows?: number;
  /** "Today" for the relative dates (tests pin it). */
  now?: Date;
  /** Finishing an interrupted seed: history already begun is completed instead of left as it is. */
  isResuming?: boolean;
  /** Called after each committed step ('orders 1001', 'history 1001 5000/100000', ...); throwing stops the seed there. */
  onStep?: (step: string) => void | Promise<void>;
  /** Gets a line a step (a dealer's orders, a dealer's history) with its counts and time. */
  log?: SeedLog;
}

export interface SeedOrdersReport {
  orders: number;
  events: number;
  history: number;
}

const staffUserId = 2005;
const staffActor = 'temo.staff';
const detailers = ['Dana Whitfield', 'Marco Ruiz', 'Priya Natarajan', 'Owen Becker', 'Grace Liu'];
const lastNames = [
  'SMITH',
  'JOHNSON',
  'WILLIAMS',
  'BROWN',
  'JONES',
  'GARCIA',
  'MILLER',
  'DAVIS',
  'RODRIGUEZ',
  'MARTINEZ',
  'HERNANDEZ',
  'LOPEZ',
  'GONZALEZ',
  'WILSON',
  'ANDERSON',
  'THOMAS',
  'TAYLOR',
  'MOORE',
  'JACKSON',
  'MARTIN',
  'LEE',
  'PEREZ',
  'THOMPSON',
  'WHITE',
  'HARRIS',
  'SANCHEZ',
  'CLARK',
  'RAMIREZ',
  'LEWIS',
  'ROBINSON',
  'WALKER',
  'YOUNG',
  'ALLEN',
  'KING',
  'WRIGHT',
  'SCOTT',
  'TORRES',
  'NGUYEN',
  'HILL',
  'FLORES',
  'GREEN',
  'ADAMS',
  'NELSON',
  'BAKER',
  'HALL',
  'RIVERA',
  'CAMPBELL',
  'MITCHELL',
  'CARTER',
  'ROBERTS',
  'KOWALSKI',
  'NOVAK',
  'SCHMIDT',
  'OLSON',
  'LARSON',
  'PETERSON',
  'HANSEN',
  'JENSEN',
  'MEYER',
  'WEBER',
];
const firstNames = [
  'JOHN',
  'MARY',
  'ROBERT',
  'PATRICIA',
  'MICHAEL',
  'LINDA',
  'DAVID',
  'SUSAN',
  'JAMES',
  'KAREN',
  'PAUL',
  'NANCY',
  'MARK',
  'LISA',
  'STEVEN',
  'DONNA',
];
const streets = [
  'Maple St',
  'Oak Ave',
  'Lakeshore Dr',
  'Cedar Ln',
  'Birch Rd',
  'Elm St',
  'Park Pl',
  'Hillcrest Dr',
  'Willow Way',
  'Main St',
  'Prairie Ct',
  'Harbor View Rd',
];
const towns: [string, string, string][] = [
  ['Madison', 'WI', '53703'],
  ['Milwaukee', 'WI', '53202'],
  ['Green Bay', 'WI', '54301'],
  ['Oshkosh', 'WI', '54901'],
  ['Appleton', 'WI', '54911'],
  ['Janesville', 'WI', '53545'],
  ['Rockford', 'IL', '61101'],
  ['Dubuque', 'IA', '52001'],
  ['Duluth', 'MN', '55802'],
  ['Marquette', 'MI', '49855'],
  ['Eau Claire', 'WI', '54701'],
  ['Waukesha', 'WI', '53186'],
];
const oddShippedTexts = ['Will call', 'TBD', 'see notes', 'shipped w/ 2nd load', 'PICKED UP', 'week of 3/4', 'n/a'];

/** Small deterministic generator (mulberry32) so every seed holds the same rows. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

function daysBefore(now: Date, days: number, hour = 14): Date {
  const date = new Date(now);
  date.setUTCDate(date.getUTCDate() - days);
  date.setUTCHours(hour, (days * 7) % 60, (days * 13) % 60, 0);
  return date;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

interface DemoOrderSpec {
  formId: string;
  status: OrderStatus;
  /** Days before today the order was sent. */
  sentDaysAgo: number;
  lastName: string;
  firstName: string;
  /** Job name as the manufacturer files it (bracketed prefixes such as "(C) " included). */
  jobName?: string;
  detailer?: string;
  /** Days after sending it was e-mailed (processed and later); undefined = not yet. */
  emailedAfter?: number;
  town: number;
}

interface DemoDealerOrders {
  dealerId: number;
  userId: number;
  sender: string;
  email: string;
  location?: string;
  specs: DemoOrderSpec[];
}

/** The demo orders by dealer: every state for lakeside and summit, a few for harbor (on hold). */
const demoOrders: DemoDealerOrders[] = [
  {
    dealerId: 1001,
    userId: 2001,
    sender: 'Lena Lakeside',
    email: 'orders@lakeside-sunrooms.example',
    location: '1',
    specs: [
      { formId: 'sunroom', status: 'initial', sentDaysAgo: 1, lastName: 'Kowalski', firstName: 'Anna', town: 0 },
      { formId: 'sunroom', status: 'initial', sentDaysAgo: 4, lastName: 'Nguyen', firstName: 'Bao', town: 1 },
      { formId: 'engineering', status: 'initial', sentDaysAgo: 2, lastName: 'HANSEN', firstName: '', town: 2 },
      { formId: 'sunroom', status: 'unprocessed', sentDaysAgo: 0, lastName: 'Olson', firstName: 'Erik', town: 3 },
      { formId: 'screenroom', status: 'unprocessed', sentDaysAgo: 1, lastName: 'Schmidt', firstName: 'Karen', town: 4 },
      { formId: 'sunroom', status: 'unprocessed', sentDaysAgo: 2, lastName: 'Garcia', firstName: 'Luis', town: 5 },
      {
        formId: 'sunroom',
        status: 'processed',
        sentDaysAgo: 12,
        lastName: 'Smith',
        firstName: 'John',
        jobName: '(C) SMITH',
        detailer: detailers[0],
        town: 0,
      },
      {
        formId: 'sunroom',
        status: 'processed',
        sentDaysAgo: 3,
        lastName: 'Peterson',
        firstName: 'Ruth',
        detailer: detailers[1],
        town: 6,
      },
      {
        formId: 'screenroom',
        status: 'processed',
        sentDaysAgo: 9,
        lastName: 'Meyer',
        firstName: 'Tom',
        jobName: '(R) MEYER, TOM',
        detailer: detailers[2],
        emailedAfter: 4,
        town: 7,
      },
      {
        formId: 'sunroom',
        status: 'processed',
        sentDaysAgo: 6,
        lastName: 'Weber',
        firstName: 'Julia',
        detailer: detailers[0],
        emailedAfter: 2,
        town: 8,
      },
      {
        formId: 'sunroom',
        status: 'confirmed',
        sentDaysAgo: 20,
        lastName: 'Larson',
        firstName: 'Greg',
        jobName: '(C) LARSON',
        detailer: detailers[3],
        emailedAfter: 5,
        town: 9,
      },
      {
        formId: 'impact',
        status: 'confirmed',
        sentDaysAgo: 26,
        lastName: 'Jensen',
        firstName: 'Mia',
        detailer: detailers[4],
        emailedAfter: 4,
        town: 10,
      },
      {
        formId: 'sunroom',
        status: 'confirmed',
        sentDaysAgo: 31,
        lastName: 'Novak',
        firstName: 'Peter',
        jobName: '(C) (W) NOVAK',
        detailer: detailers[1],
        emailedAfter: 6,
        town: 11,
      },
      {
        formId: 'sunroom',
        status: 'shipped',
        sentDaysAgo: 70,
        lastName: 'Anderson',
        firstName: 'Carl',
        detailer: detailers[2],
        emailedAfter: 5,
        town: 1,
      },
      {
        formId: 'screenroom',
        status: 'shipped',
        sentDaysAgo: 95,
        lastName: 'Thomas',
        firstName: 'Jean',
        jobName: '(C) THOMAS',
        detailer: detailers[0],
        emailedAfter: 3,
        town: 2,
      },
    ],
  },
  {
    dealerId: 1002,
    userId: 2002,
    sender: 'Sam Summit',
    email: 'sam@summit-patio.example',
    specs: [
      { formId: 'pergola', status: 'initial', sentDaysAgo: 3, lastName: 'Rivera', firstName: 'Ana', town: 6 },
      { formId: 'engineering', status: 'initial', sentDaysAgo: 5, lastName: 'BAKER', firstName: '', town: 7 },
      { formId: 'pavilion', status: 'unprocessed', sentDaysAgo: 1, lastName: 'Campbell', firstName: 'Joe', town: 8 },
      { formId: 'pergola', status: 'unprocessed', sentDaysAgo: 2, lastName: 'Mitchell', firstName: 'Sue', town: 9 },
      {
        formId: 'pergola',
        status: 'processed',
        sentDaysAgo: 10,
        lastName: 'Carter',
        firstName: 'Dave',
        jobName: '(C) CARTER',
        detailer: detailers[3],
        town: 10,
      },
      {
        formId: 'pavilion',
        status: 'processed',
        sentDaysAgo: 5,
        lastName: 'Roberts',
        firstName: 'Amy',
        detailer: detailers[4],
        emailedAfter: 1,
        town: 11,
      },
      {
        formId: 'pergola',
        status: 'confirmed',
        sentDaysAgo: 22,
        lastName: 'Green',
        firstName: 'Bill',
        detailer: detailers[1],
        emailedAfter: 3,
        town: 0,
      },
      {
        formId: 'pavilion',
        status: 'confirmed',
        sentDaysAgo: 28,
        lastName: 'Adams',
        firstName: 'Kim',
        jobName: '(R) ADAMS',
        detailer: detailers[2],
        emailedAfter: 2,
        town: 3,
      },
      {
        formId: 'pergola',
        status: 'shipped',
        sentDaysAgo: 60,
        lastName: 'Nelson',
        firstName: 'Ray',
        detailer: detailers[0],
        emailedAfter: 4,
        town: 4,
      },
      {
        formId: 'pavilion',
        status: 'shipped',
        sentDaysAgo: 88,
        lastName: 'Hall',
        firstName: 'Lynn',
        detailer: detailers[3],
        emailedAfter: 5,
        town: 5,
      },
    ],
  },
  {
    dealerId: 1003,
    userId: 2003,
    sender: 'Hannah Harbor',
    email: 'hannah@harbor-exteriors.example',
    location: '1',
    specs: [
      {
        formId: 'sunroom',
        status: 'processed',
        sentDaysAgo: 15,
        lastName: 'Lewis',
        firstName: 'Nora',
        detailer: detailers[4],
        emailedAfter: 3,
        town: 1,
      },
      {
        formId: 'sunroom',
        status: 'confirmed',
        sentDaysAgo: 40,
        lastName: 'Walker',
        firstName: 'Ian',
        detailer: detailers[1],
        emailedAfter: 4,
        town: 2,
      },
      {
        formId: 'sunroom',
        status: 'shipped',
        sentDaysAgo: 120,
        lastName: 'Young',
        firstName: 'Eva',
        detailer: detailers[2],
        emailedAfter: 6,
        town: 3,
      },
    ],
  },
];

const filePrefixes: Record<string, string> = {
  sunroom: 'SUN',
  screenroom: 'SCR',
  impact: 'IMP',
  pergola: 'PER',
  pavilion: 'PAV',
  engineering: 'ENG',
};

/** Order data shaped like what each form submits (personalInfo of definitions/shared/personal-info, room choices). */
function makeOrderData(dealer: DemoDealerOrders, spec: DemoOrderSpec, index: number): Record<string, unknown> {
  const [city, state, zip] = towns[spec.town];
  const address = `${100 + index * 37} ${streets[(spec.town + index) % streets.length]}`;
  if (spec.formId === 'engineering') {
    return {
      userFileName: spec.lastName.slice(0, 8),
      buildingCodes: 'IRC',
      yearForCodes: '2021',
      amendments: '',
      windSpeed: 115,
      sealType: 'wet',
      numberOfCopies: 2,
      signedSealedChecked: true,
      signedSealedQty: 1,
      signedSealedPrice: 49,
      calculationLetterChecked: true,
      calculationLetterQty: 1,
      calculationLetterPrice: 149,
      personalInfo: { sender: dealer.sender, email: dealer.email, address, city, stateProvince: state, zip },
      shippingMethod: 'Email & Mail',
      mailMethod: 'GROUND',
      mailMethodPrice: 15,
      engineeringTotal: 213,
      additionalInfo: { Line1: 'Permit set for the county', Line2: '', Line3: '', Line4: '', Line5: '' },
      ...(dealer.location ? { selectedLocation: dealer.location } : {}),
    };
  }
  const personalInfo = {
    firstName: spec.firstName,
    lastName: spec.lastName,
    address,
    city,
    stateProvince: state,
    zip,
    purchaseOrder: `PO-${4100 + index}`,
    sender: dealer.sender,
    email: dealer.email,
  };
  const common = { personalInfo, ...(dealer.location ? { selectedLocation: dealer.location } : {}) };
  if (spec.formId === 'pergola' || spec.formId === 'pavilion') {
    return {
      ...common,
      structure: spec.formId === 'pergola' ? 'Operable Pergola' : 'Santa Fe Pavilion',
      attachment: index % 2 ? 'Freestanding' : 'Attached',
      lengthFeet: 12 + (index % 4) * 2,
      widthFeet: 10 + (index % 3) * 2,
      frameOption: pick(createRandom(index), ['White', 'Bronze', 'Sandstone']),
      selectedLEDLightChoice: index % 2 ? 'YES' : 'NO',
      price: { total: 8900 + index * 415 },
    };
  }
  return {
    ...common,
    selectedSunRoomType:
      spec.formId === 'screenroom' ? 'Value View' : spec.formId === 'impact' ? 'Premier View' : 'Vista View',
    selectedRoomStyle: index % 3 === 0 ? 'CATHEDRAL' : 'STUDIO',
    selectedWindowWallStyle: spec.formId === 'impact' ? 'Impact' : index % 2 ? '406' : '206',
    lengthFeet: 14 + (index % 5) * 2,
    lengthInches: 0,
    widthFeet: 10 + (index % 4) * 2,
    widthInches: 6,
    selectedSkyviewChoice: index % 4 === 0 ? 'Skyview YES' : 'Skyview NO',
    selectedLEDLightChoice: index % 2 ? 'YES' : 'NO',
    frameOption: ['White', 'Bronze', 'Sandstone'][index % 3],
    fasciaTrimOption: ['White', 'Bronze', 'Sandstone', 'Black'][index % 4],
    selectedElectricalOption: index % 2 ? 'ELECTRICAL YES' : 'ELECTRICAL NO',
    price: { total: 18500 + index * 1230 },
  };
}

const statusPath: OrderStatus[] = ['initial', 'unprocessed', 'processed', 'confirmed', 'shipped'];

async function seedDealerOrders(
  db: Database,
  dealer: DemoDealerOrders,
  now: Date,
): Promise<{ orders: number; events: number }> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.dealerId, dealer.dealerId));
  if (Number(existing?.n ?? 0) > 0) return { orders: 0, events: 0 };
  let events = 0;
  for (const [index, spec] of dealer.specs.entries()) {
    const sentAt = daysBefore(now, spec.sentDaysAgo, 13 + (index % 5));
    const data = makeOrderData(dealer, spec, index);
    const fileName = makeOrderFileName(
      filePrefixes[spec.formId] ?? 'ORD',
      dealer.dealerId,
      sentAt,
      `D${String(index).padStart(3, '0')}`,
    );
    const jobName =
      spec.jobName ??
      (spec.formId === 'engineering' ? spec.lastName : `${spec.lastName}, ${spec.firstName}`.toUpperCase());
    const step = statusPath.indexOf(spec.status);
    const processedAt = daysBefore(now, Math.max(spec.sentDaysAgo - 2, 0), 10);
    const emailedOn =
      spec.emailedAfter !== undefined && step >= 2 ? isoDay(daysBefore(sentAt, -spec.emailedAfter)) : null;
    const confirmation = step >= 3 && emailedOn ? isoDay(daysBefore(new Date(`${emailedOn}T12:00:00Z`), -2)) : null;
    const schedDate = confirmation ? isoDay(daysBefore(new Date(`${confirmation}T12:00:00Z`), -14)) : null;
    const dateShipped = step >= 4 && schedDate ? isoDay(daysBefore(new Date(`${schedDate}T12:00:00Z`), -3)) : null;
    const info = (data.personalInfo ?? {}) as Record<string, string>;
    const shipTo = dateShipped
      ? { streetAddress: info.address, cityStateZip: `${info.city}, ${info.stateProvince} ${info.zip}` }
      : null;
    const [row] = await db
      .insert(orders)
      .values({
        dealerId: dealer.dealerId,
        userId: dealer.userId,
        formId: spec.formId,
        fileName,
        status: spec.status,
        isOrdered: spec.status !== 'initial' || spec.formId === 'engineering',
        data,
        createdAt: sentAt,
        updatedAt: sentAt,
        jobName: step >= 1 ? jobName : null,
        detailer: step >= 2 ? (spec.detailer ?? null) : null,
        emailedOn,
        confirmation,
        schedDate,
        dateShipped,
        shipTo,
      })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (!row) continue;
    const folderName = step >= 1 ? makeFolderName(row.id, jobName, sentAt) : null;
    if (folderName) await db.update(orders).set({ folderName }).where(eq(orders.id, row.id));
    // The moves that brought it here, as staff would have made them.
    const moves: { from: OrderStatus; to: OrderStatus; at: Date; details: Record<string, unknown> }[] = [];
    if (step >= 2)
      moves.push({
        from: 'unprocessed',
        to: 'processed',
        at: processedAt,
        details: { detailer: spec.detailer, folderName, jobName },
      });
    if (emailedOn)
      moves.push({
        from: 'processed',
        to: 'processed',
        at: new Date(`${emailedOn}T15:00:00Z`),
        details: { emailedOn },
      });
    if (confirmation)
      moves.push({
        from: 'processed',
        to: 'confirmed',
        at: new Date(`${confirmation}T16:00:00Z`),
        details: { confirmation, schedDate },
      });
    if (dateShipped)
      moves.push({
        from: 'confirmed',
        to: 'shipped',
        at: new Date(`${dateShipped}T17:00:00Z`),
        details: { dateShipped, shipTo },
      });
    if (moves.length) {
      await db.insert(orderEvents).values(
        moves.map((m) => ({
          orderId: row.id,
          fromStatus: m.from,
          toStatus: m.to,
          actor: staffActor,
          actorUserId: staffUserId,
          details: m.details,
          at: m.at,
        })),
      );
      events += moves.length;
    }
    if (dateShipped && shipTo && folderName) {
      await db
        .insert(orderHistory)
        .values({
          dealerId: dealer.dealerId,
          orderId: row.id,
          folder: folderName,
          fileName,
          jobName,
          dateShipped,
          shippedOn: dateShipped,
          ...shipTo,
        })
        .onConflictDoNothing();
    }
  }
  return { orders: dealer.specs.length, events };
}

/** Shipped history as the manufacturer's records hold it: mixed date formats, addresses as text, objects or nothing. */
export function makeHistoryRows(dealerId: number, count: number, now: Date, startIndex = 0): NewHistoryRow[] {
  const random = createRandom(dealerId * 100_003 + startIndex);
  const rows: NewHistoryRow[] = [];
  const spanDays = 12 * 365;
  for (let i = 0; i < count; i += 1) {
    const shipped = daysBefore(now, 30 + Math.floor(random() * spanDays));
    const last = pick(random, lastNames);
    const first = pick(random, firstNames);
    const yy = String(shipped.getUTCFullYear()).slice(2);
    const seq = String(startIndex + i + 1).padStart(6, '0');
    const prefixRoll = random();
    const jobName = `${prefixRoll < 0.12 ? '(C) ' : prefixRoll < 0.16 ? '(R) ' : ''}${last}${random() < 0.5 ? `, ${first}` : ''}`;
    const dateRoll = random();
    const m = shipped.getUTCMonth() + 1;
    const d = shipped.getUTCDate();
    const dateShipped =
      dateRoll < 0.6
        ? isoDay(shipped)
        : dateRoll < 0.9
          ? `${m}/${d}/${yy}`
          : dateRoll < 0.95
            ? pick(random, oddShippedTexts)
            : dateRoll < 0.98
              ? ''
              : null;
    const [city, state, zip] = pick(random, towns);
    const street = `${1 + Math.floor(random() * 9800)} ${pick(random, streets)}`;
    const addressRoll = random();
    const streetAddress =
      addressRoll < 0.72
        ? street
        : addressRoll < 0.82
          ? { line1: street, line2: random() < 0.5 ? `Unit ${1 + Math.floor(random() * 20)}` : '' }
          : addressRoll < 0.87
            ? ''
            : addressRoll < 0.92
              ? null
              : addressRoll < 0.96
                ? {}
                : '.';
    const cityRoll = random();
    const cityStateZip =
      cityRoll < 0.75
        ? `${city}, ${state} ${zip}`
        : cityRoll < 0.85
          ? { city, state, zip }
          : cityRoll < 0.9
            ? ''
            : cityRoll < 0.95
              ? null
              : cityRoll < 0.98
                ? {}
                : '.';
    rows.push({
      dealerId,
      folder: `${yy}-H${seq}-${last}`,
      fileName: `HIS-${dealerId}-${isoDay(shipped).replace(/-/g, '')}-${seq}`,
      jobName,
      dateShipped,
      shippedOn: readShippedDate(dateShipped) ?? null,
      streetAddress,
      cityStateZip,
    });
  }
  return rows;
}

const historyBatchSize = 5000;

/** A long history says how far it got every this many rows (the step's own line comes at its end). */
const historyProgressRows = 25_000;

async function seedDealerHistory(
  db: Database,
  dealer: { id: number; name: string },
  count: number,
  now: Date,
  options: SeedOrdersOptions,
): Promise<number> {
  const dealerId = dealer.id;
  const existing = count > 0 ? await countHistory(db, dealerId, { isPastRecordsOnly: true }) : 0;
  if (count <= 0 || existing >= count || (existing > 0 && !options.isResuming)) return 0;
  // Stored newest first, so the table's physical order follows the history index and deep pages read sequentially.
  const rows = makeHistoryRows(dealerId, count, now).sort((a, b) =>
    (b.shippedOn ?? '').localeCompare(a.shippedOn ?? ''),
  );
  let added = 0;
  // Each batch is one statement: an interrupted seed stored whole batches, the first `existing` rows of the same list.
  for (
    let start = options.isResuming ? existing - (existing % historyBatchSize) : 0;
    start < rows.length;
    start += historyBatchSize
  ) {
    added += await insertHistoryBatch(db, rows.slice(start, start + historyBatchSize));
    const stored = Math.min(start + historyBatchSize, rows.length);
    if (stored % historyProgressRows === 0 && stored < rows.length)
      await logSeedLine(
        options.log,
        `seed: ${dealer.name} order history ${formatCount(stored)} of ${formatCount(rows.length)} rows …`,
      );
    await options.onStep?.(`history ${dealerId} ${stored}/${rows.length}`);
  }
  // Fresh statistics, so the planner walks the index for pages instead of sorting 100,000 rows each time.
  await db.execute(sql`analyze order_history`);
  return added;
}

/** The demo dealers' names, for the seed's lines ("Lakeside Sunrooms order history 100,000 rows"). */
async function readDealerNames(db: Database): Promise<Map<number, string>> {
  const rows = await db.execute<{ id: number; name: string }>(
    sql`select id, name from dealers where id in (1001, 1002, 1003)`,
  );
  return new Map(rows.rows.map((row) => [Number(row.id), row.name]));
}

/** Seeds the demo orders and history that are missing (see the file comment). */
export async function seedDemoOrders(db: Database, options: SeedOrdersOptions = {}): Promise<SeedOrdersReport> {
  const now = options.now ?? new Date();
  const report: SeedOrdersReport = { orders: 0, events: 0, history: 0 };
  const [dealerCount] = await db
    .execute<{ n: number }>(sql`select count(*)::int as n from dealers where id in (1001, 1002, 1003)`)
    .then((r) => r.rows);
  if (Number(dealerCount?.n ?? 0) < 3) return report; // the demo dealers were replaced: no demo orders
  const names = await readDealerNames(db);
  for (const dealer of demoOrders) {
    const name = names.get(dealer.dealerId) ?? `dealer ${dealer.dealerId}`;
    const added = await runSeedStep(
      options.log,
      `${name} orders`,
      () => db.transaction((tx) => seedDealerOrders(tx as unknown as Database, dealer, now)),
      (a) => `${name} orders ${formatCount(a.orders)} (${formatCount(a.events)} status changes)`,
    );
    report.orders += added.orders;
    report.events += added.events;
    await options.onStep?.(`orders ${dealer.dealerId}`);
  }
  const historySizes: [number, number][] = [
    [1001, options.lakesideHistoryRows ?? 100_000],
    [1002, 300],
    [1003, 60],
  ];
  for (const [dealerId, count] of historySizes) {
    const name = names.get(dealerId) ?? `dealer ${dealerId}`;
    report.history += await runSeedStep(
      options.log,
      `${name} order history`,
      () => seedDealerHistory(db, { id: dealerId, name }, count, now, options),
      (added) => `${name} order history ${formatCount(added)} rows`,
    );
  }
  return report;
}
