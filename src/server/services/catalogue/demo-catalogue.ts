/**
 * The demo catalogue (demo data: the manufacturer's own catalogue replaces it): spare parts three category levels
 * deep, marketing items, displays, transoms, doors, sash and the glass price list, made by a deterministic
 * generator so every seed holds the same rows.
 */
import type { CatalogueKind } from '../../db/schema';

export interface CatalogueRow {
  catalogue: CatalogueKind;
  partNumber: string;
  identifier: string;
  description: string;
  price: number;
  parentCategory: string | null;
  secondCategory: string | null;
  thirdCategory: string | null;
  uom: string | null;
  color: string | null;
  size: string | null;
  width: string | null;
  imageId: string | null;
  sashSet: string | null;
  glassType: string | null;
  windowWallStyle: string | null;
  windowHeight: string | null;
  lockset: string | null;
  hinges: string | null;
  orientation: string | null;
  displayNumber: string | null;
  sort: number;
}

/** Options of the generator. */
export interface DemoCatalogueOptions {
  /** Spare parts wanted (default: the base list, about 300); more are made as numbered lot variants (e.g. 5,000 for the grid-scroll bench). */
  spareParts?: number;
}

export const trimColors = ['WHITE', 'BRONZE', 'SANDSTONE', 'BLACK'] as const;
export const frameColors = ['WHITE', 'BRONZE', 'SANDSTONE'] as const;

/** Glass price list (spec 3 §3): identifier = glass type, price per square foot. */
export const demoGlassPrices = [
  { identifier: 'Tempered Glass', price: 14.5 },
  { identifier: 'Tempered Insulated Glass', price: 26.75 },
] as const;

interface ItemTemplate {
  name: string;
  uom: string;
  price: number;
  sizes?: string[];
  /** Made in each trim colour. */
  isColored?: boolean;
  note?: string;
}

type Tree = Record<string, Record<string, Record<string, ItemTemplate[]>>>;

const spareTree: Tree = {
  EXTRUSIONS: {
    'ROOF SYSTEM': {
      BEAMS: [
        { name: '3IN X 8IN HEADER BEAM', uom: 'EA', price: 186, sizes: ['16FT', '24FT', '28FT'], isColored: true },
        { name: '2IN X 7IN CARRIER BEAM', uom: 'EA', price: 142, sizes: ['20FT', '24FT'], isColored: true },
      ],
      RAFTERS: [
        { name: 'I-BEAM RAFTER', uom: 'EA', price: 97, sizes: ['12FT', '16FT'], isColored: true },
        { name: 'RAFTER END CAP', uom: 'EA', price: 6.5, isColored: true },
      ],
      GUTTERS: [
        { name: 'K-STYLE GUTTER 5IN', uom: 'EA', price: 58, sizes: ['10FT', '20FT'], isColored: true },
        { name: 'GUTTER END CAP', uom: 'PR', price: 9.5, isColored: true },
        { name: 'DOWNSPOUT 3X4', uom: 'EA', price: 24, sizes: ['10FT'], isColored: true },
        { name: 'DOWNSPOUT ELBOW', uom: 'EA', price: 7, isColored: true },
      ],
    },
    'WALL SYSTEM': {
      POSTS: [
        { name: '3IN SQUARE POST', uom: 'EA', price: 74, sizes: ['8FT', '10FT'], isColored: true },
        { name: 'ROMA COLUMN WRAP', uom: 'EA', price: 132, sizes: ['8FT', '10FT'], isColored: true },
      ],
      CHANNELS: [
        { name: 'U-CHANNEL 3 5/8IN', uom: 'EA', price: 31, sizes: ['8FT', '12FT'], isColored: true },
        { name: 'F-CHANNEL RECEIVER', uom: 'EA', price: 27, sizes: ['12FT'], isColored: true },
      ],
      MULLIONS: [
        { name: 'T-MULLION 206', uom: 'EA', price: 44, sizes: ['8FT'], isColored: true },
        { name: 'H-MULLION 406', uom: 'EA', price: 52, sizes: ['8FT', '10FT'], isColored: true },
      ],
    },
    TRIM: {
      FASCIA: [
        { name: 'FASCIA COVER 8IN', uom: 'EA', price: 39, sizes: ['16FT'], isColored: true },
        { name: 'FASCIA COVER 10IN', uom: 'EA', price: 46, sizes: ['16FT', '20FT'], isColored: true },
      ],
      'DRIP EDGE': [
        { name: 'DRIP EDGE 3IN', uom: 'EA', price: 18.75, sizes: ['10FT', '16FT', '20FT'], isColored: true },
      ],
      'CORNER TRIM': [
        { name: 'OUTSIDE CORNER TRIM', uom: 'EA', price: 22, sizes: ['8FT'], isColored: true },
        { name: 'INSIDE CORNER TRIM', uom: 'EA', price: 20, sizes: ['8FT'], isColored: true },
      ],
    },
  },
  FASTENERS: {
    SCREWS: {
      'SELF-DRILLING': [
        { name: 'SELF-DRILLING SCREW #10 X 3/4IN', uom: 'BOX', price: 24, isColored: true, note: '250 per box' },
        { name: 'SELF-DRILLING SCREW #12 X 1 1/2IN', uom: 'BOX', price: 31, note: '250 per box' },
      ],
      WOOD: [{ name: 'LAG SCREW 3/8IN', uom: 'BOX', price: 36, sizes: ['3IN', '4IN', '6IN'], note: '50 per box' }],
      STAINLESS: [
        { name: 'STAINLESS PAN HEAD #8', uom: 'BOX', price: 29, sizes: ['1/2IN', '1IN'], note: '100 per box' },
      ],
    },
    ANCHORS: {
      CONCRETE: [
        {
          name: 'CONCRETE SCREW ANCHOR 1/4IN',
          uom: 'BOX',
          price: 27,
          sizes: ['1 3/4IN', '2 3/4IN'],
          note: '100 per box',
        },
      ],
      WEDGE: [{ name: 'WEDGE ANCHOR 1/2IN', uom: 'BOX', price: 54, sizes: ['4 1/4IN', '5 1/2IN'], note: '25 per box' }],
      BRACKETS: [
        { name: 'POST BASE BRACKET', uom: 'EA', price: 16.5, isColored: true },
        { name: 'BEAM HANGER BRACKET', uom: 'EA', price: 18.5, isColored: true },
        { name: 'WALL ATTACHMENT ANGLE', uom: 'EA', price: 12, sizes: ['4FT', '8FT'], isColored: true },
      ],
    },
    RIVETS: {
      'POP RIVETS': [{ name: 'ALUMINUM POP RIVET 1/8IN', uom: 'BOX', price: 14, isColored: true, note: '500 per box' }],
      'RIVET TOOLS': [{ name: 'HAND RIVETER', uom: 'EA', price: 38 }],
    },
  },
  'GASKETS & SEALS': {
    GLAZING: {
      'WEDGE GASKETS': [{ name: 'GLAZING WEDGE GASKET', uom: 'ROLL', price: 46, sizes: ['100FT', '250FT'] }],
      'BULB GASKETS': [{ name: 'BULB GASKET 3/8IN', uom: 'ROLL', price: 52, sizes: ['100FT'] }],
    },
    WEATHERSTRIP: {
      PILE: [{ name: 'PILE WEATHERSTRIP 0.270', uom: 'ROLL', price: 33, sizes: ['50FT', '100FT'], note: 'fin seal' }],
      FOAM: [
        { name: 'CLOSED CELL FOAM TAPE 1/2IN', uom: 'ROLL', price: 19, sizes: ['50FT'] },
        { name: 'ROOF PANEL FOAM CLOSURE', uom: 'PK/10', price: 17, sizes: ['3IN', '4 1/4IN', '6IN'] },
      ],
    },
    SEALANTS: {
      CAULK: [{ name: 'POLYURETHANE SEALANT 10OZ', uom: 'EA', price: 11.25, isColored: true }],
      TAPE: [{ name: 'BUTYL BOND TAPE 2IN', uom: 'ROLL', price: 28, sizes: ['50FT'] }],
    },
  },
  PANELS: {
    'ROOF PANELS': {
      '3IN': [
        { name: '3IN ROOF PANEL 0.032', uom: 'EA', price: 212, sizes: ['12FT', '16FT', '20FT'], isColored: true },
      ],
      '4 1/4IN': [
        { name: '4 1/4IN ROOF PANEL 0.024', uom: 'EA', price: 236, sizes: ['12FT', '16FT', '20FT'], isColored: true },
      ],
      '6IN': [
        { name: '6IN ROOF PANEL 0.032', uom: 'EA', price: 298, sizes: ['16FT', '20FT', '24FT'], isColored: true },
      ],
    },
    'WALL PANELS': {
      'KICK PANELS': [
        { name: 'KICK PANEL 3 5/8IN', uom: 'EA', price: 88, sizes: ['24IN', '36IN', '48IN'], isColored: true },
      ],
      INSULATED: [{ name: 'INSULATED WALL PANEL 3IN', uom: 'EA', price: 164, sizes: ['8FT', '10FT'], isColored: true }],
    },
    SKYVIEW: {
      LENSES: [{ name: 'SKYVIEW POLYCARBONATE LENS', uom: 'EA', price: 121, sizes: ['4FT', '8FT'] }],
      FRAMES: [{ name: 'SKYVIEW FRAME KIT', uom: 'SET', price: 178, isColored: true }],
    },
  },
  HARDWARE: {
    'DOOR HARDWARE': {
      LOCKSETS: [{ name: 'DOOR LOCKSET KEYED', uom: 'EA', price: 64, isColored: true }],
      HINGES: [
        { name: 'CONTINUOUS HINGE 80IN', uom: 'EA', price: 47, isColored: true },
        { name: 'SPRING HINGE 4IN', uom: 'PR', price: 26, isColored: true },
      ],
      CLOSERS: [
        { name: 'PNEUMATIC DOOR CLOSER', uom: 'EA', price: 29, isColored: true },
        { name: 'DOOR SWEEP', uom: 'EA', price: 13, isColored: true },
      ],
    },
    'WINDOW HARDWARE': {
      LATCHES: [
        { name: 'SASH LATCH', uom: 'PR', price: 8.5, isColored: true },
        { name: 'TILT LATCH', uom: 'PR', price: 7.25, isColored: true },
      ],
      BALANCES: [{ name: 'SPIRAL BALANCE', uom: 'PR', price: 21, sizes: ['24IN', '30IN', '36IN'] }],
      SCREENS: [{ name: 'SCREEN ROLL FIBERGLASS', uom: 'ROLL', price: 67, sizes: ['36IN X 100FT', '48IN X 100FT'] }],
    },
    ELECTRICAL: {
      'FAN BEAMS': [{ name: 'FAN BEAM KIT', uom: 'SET', price: 149, isColored: true }],
      'LED LIGHTS': [
        { name: 'LED RECESSED LIGHT 4IN', uom: 'EA', price: 42 },
        { name: 'LED DIMMER SWITCH', uom: 'EA', price: 36 },
      ],
      'WIRE CHASE': [{ name: 'WIRE CHASE COVER', uom: 'EA', price: 19, sizes: ['8FT', '12FT'], isColored: true }],
    },
  },
};

const categoryCodes: Record<string, string> = {
  EXTRUSIONS: 'EX',
  FASTENERS: 'FS',
  'GASKETS & SEALS': 'GS',
  PANELS: 'PN',
  HARDWARE: 'HW',
};
const colorCodes: Record<string, string> = { WHITE: 'WH', BRONZE: 'BZ', SANDSTONE: 'SS', BLACK: 'BK' };

function emptyRow(): Omit<CatalogueRow, 'catalogue' | 'partNumber' | 'identifier' | 'description' | 'price' | 'sort'> {
  return {
    parentCategory: null,
    secondCategory: null,
    thirdCategory: null,
    uom: null,
    color: null,
    size: null,
    width: null,
    imageId: null,
    sashSet: null,
    glassType: null,
    windowWallStyle: null,
    windowHeight: null,
    lockset: null,
    hinges: null,
    orientation: null,
    displayNumber: null,
  };
}

/** Price scaled by a size's leading number (longer lengths cost more), in cents. */
function priceFor(base: number, sizeIndex: number): number {
  return Math.round(base * (1 + sizeIndex * 0.35) * 100) / 100;
}

function makeSpareParts(): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  let serial = 100;
  for (const [parent, seconds] of Object.entries(spareTree)) {
    for (const [second, thirds] of Object.entries(seconds)) {
      for (const [third, templates] of Object.entries(thirds)) {
        for (const template of templates) {
          serial += 10;
          const sizes = template.sizes ?? [null];
          const colors = template.isColored ? [...trimColors] : [null];
          sizes.forEach((size, sizeIndex) => {
            for (const color of colors) {
              const suffix = [size ? `${sizeIndex + 1}` : '', color ? colorCodes[color] : ''].filter(Boolean).join('-');
              const partNumber = `${categoryCodes[parent]}-${serial}${suffix ? `-${suffix}` : ''}`;
              const identifier = [template.name, size, color].filter(Boolean).join(' ');
              rows.push({
                ...emptyRow(),
                catalogue: 'spare-parts',
                partNumber,
                identifier,
                description: `${template.name.toLowerCase()}${size ? `, ${size.toLowerCase()}` : ''}${color ? `, ${color.toLowerCase()}` : ''}${template.note ? ` (${template.note})` : ''}`,
                price: priceFor(template.price, sizeIndex),
                parentCategory: parent,
                secondCategory: second,
                thirdCategory: third,
                uom: template.uom,
                color,
                size,
                imageId: `IMG-${partNumber}`,
                sort: rows.length,
              });
            }
          });
        }
      }
    }
  }
  return rows;
}

/** Extra spare parts as numbered lot variants of the base list, up to `count` in all. */
function extendSpareParts(base: CatalogueRow[], count: number): CatalogueRow[] {
  const rows = [...base];
  for (let lot = 2; rows.length < count; lot++) {
    for (const part of base) {
      if (rows.length >= count) break;
      const partNumber = `${part.partNumber}-L${lot}`;
      rows.push({
        ...part,
        partNumber,
        identifier: `${part.identifier} LOT ${lot}`,
        imageId: `IMG-${partNumber}`,
        sort: rows.length,
      });
    }
  }
  return rows;
}

const marketingItems: [string, string, string, number][] = [
  ['PRINT', 'SUNROOM BROCHURE', 'PK/25', 45],
  ['PRINT', 'PATIO COVER BROCHURE', 'PK/25', 45],
  ['PRINT', 'PERGOLA BROCHURE', 'PK/25', 45],
  ['PRINT', 'PAVILION BROCHURE', 'PK/25', 45],
  ['PRINT', 'PRODUCT CATALOG BINDER', 'EA', 28],
  ['PRINT', 'DOOR HANGER', 'PK/100', 32],
  ['PRINT', 'POSTCARD MAILER', 'PK/100', 38],
  ['PRINT', 'COLOR SAMPLE CARD', 'PK/50', 22],
  ['SIGNAGE', 'YARD SIGN 18X24', 'EA', 14],
  ['SIGNAGE', 'JOB SITE BANNER 3X6', 'EA', 69],
  ['SIGNAGE', 'RETRACTABLE BANNER STAND', 'EA', 189],
  ['SIGNAGE', 'WINDOW DECAL', 'EA', 6],
  ['SIGNAGE', 'VEHICLE MAGNET PAIR', 'PR', 48],
  ['SIGNAGE', 'TABLE THROW 6FT', 'EA', 129],
  ['PROMOTIONAL', 'BALLPOINT PEN', 'PK/50', 35],
  ['PROMOTIONAL', 'CAP EMBROIDERED', 'EA', 16],
  ['PROMOTIONAL', 'POLO SHIRT', 'EA', 29],
  ['PROMOTIONAL', 'TOTE BAG', 'EA', 9],
  ['PROMOTIONAL', 'COFFEE MUG', 'EA', 8],
  ['PROMOTIONAL', 'TAPE MEASURE 25FT', 'EA', 12],
  ['DIGITAL', 'PHOTO LIBRARY USB', 'EA', 25],
  ['DIGITAL', 'VIDEO LOOP USB', 'EA', 25],
  ['DIGITAL', 'SOCIAL MEDIA KIT', 'EA', 0],
  ['DIGITAL', 'WEBSITE WIDGET LICENSE', 'EA', 99],
];

const displayItems: [string, string, number][] = [
  ['VISTA VIEW STUDIO DISPLAY 8X10', 'Freestanding 3 5/8in studio room, 206 window walls, white', 8950],
  ['VISTA VIEW CATHEDRAL DISPLAY 10X12', 'Cathedral room, 406 insulated window walls, bronze', 12400],
  ['PREMIER VIEW DISPLAY 8X8', 'Premier View studio with transoms, sandstone', 9800],
  ['SCREEN ROOM DISPLAY 8X10', '2in screen room with kick panels, white', 4200],
  ['PATIO COVER DISPLAY 10X10', 'Attached patio cover, 3in roof panels, white', 3100],
  ['PERGOLA OPERABLE DISPLAY 10X12', 'Operable louvered pergola with actuator, black', 7600],
  ['MOTOR CITY PERGOLA DISPLAY 10X10', 'Motor City pergola, bronze', 5400],
  ['PAVILION DISPLAY 12X12', 'TEMO Panel pavilion, studio roof, white', 8300],
  ['WINDOW WALL SAMPLE STAND', 'Counter stand with 206 and 406 window samples', 650],
  ['COLOR SAMPLE TOWER', 'Floor tower with trim and roof panel colours', 480],
];

/** The trim colour a display's description names ("..., bronze"), as the catalogue writes colours. */
function colorNamedIn(description: string): string | null {
  return trimColors.find((color) => new RegExp(`\\b${color}\\b`, 'i').test(description)) ?? null;
}

const transomSizes = ['6 Inch', '10 Inch', '12 Inch', '24 Inch'] as const;
/** Spec 3 §2: transom categories; 406 Temp is shown as 406 IG. */
export const transomCategories = [
  { category: '206 Non-Temp', style: '206', glassType: 'Non-Temp', price: 58 },
  { category: '206 Temp', style: '206', glassType: 'Temp', price: 79 },
  { category: '406 Temp', style: '406', glassType: 'IG', price: 118 },
] as const;

function makeTransoms(): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  for (const kind of transomCategories) {
    transomSizes.forEach((size, sizeIndex) => {
      for (const color of frameColors) {
        const inches = size.split(' ')[0];
        const partNumber = `TR-${kind.style}${kind.glassType === 'Non-Temp' ? 'N' : kind.glassType === 'Temp' ? 'T' : 'G'}-${inches}-${colorCodes[color]}`;
        rows.push({
          ...emptyRow(),
          catalogue: 'transom',
          partNumber,
          identifier: `TRANSOM ${kind.style} ${inches}IN`,
          description: `${size} transom, ${kind.category}, ${color.toLowerCase()} frame`,
          price: Math.round(kind.price * (1 + sizeIndex * 0.4) * 100) / 100,
          parentCategory: 'TRANSOMS',
          secondCategory: kind.category,
          thirdCategory: size,
          uom: 'EA',
          color,
          size,
          glassType: kind.glassType,
          windowWallStyle: kind.style,
          imageId: `IMG-${partNumber}`,
          sort: rows.length,
        });
      }
    });
  }
  return rows;
}

/** Spec 3 §2/§9: door sizes; the 2 Inch doors carry the old identifiers 35inx80in and 43inx86in (the page maps them). */
const doorStyles = [
  {
    style: '2 Inch',
    sizes: [
      ['35inx80in', '36x80'],
      ['43inx86in', '42x86'],
    ],
    price: 690,
  },
  {
    style: '206',
    sizes: [
      ['36inx80in', '36x80'],
      ['42inx86in', '42x86'],
    ],
    price: 945,
  },
  {
    style: '406',
    sizes: [
      ['36inx80in', '36x80'],
      ['42inx86in', '42x86'],
    ],
    price: 1265,
  },
] as const;
export const doorLocksets = ['Standard Lockset', 'Keyed Deadbolt'] as const;
export const doorHinges = ['Standard Hinges', 'Spring Hinges'] as const;
export const doorOrientations = [
  'Left Hand Inswing',
  'Right Hand Inswing',
  'Left Hand Outswing',
  'Right Hand Outswing',
] as const;

const orientationCodes = ['LI', 'RI', 'LO', 'RO'] as const;

function makeDoors(): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  for (const door of doorStyles) {
    door.sizes.forEach(([identifier, size], sizeIndex) => {
      doorLocksets.forEach((lockset, li) => {
        doorHinges.forEach((hinges, hi) => {
          doorOrientations.forEach((orientation, oi) => {
            for (const color of frameColors) {
              const partNumber = `DR-${door.style.replace(' Inch', 'IN')}-${size.replace('x', '')}-${li + 1}${hi + 1}${oi + 1}-${colorCodes[color]}`;
              rows.push({
                ...emptyRow(),
                catalogue: 'door',
                partNumber,
                identifier,
                description: `${door.style} door ${size}, ${lockset.toLowerCase()}, ${hinges.toLowerCase()}, ${orientation.toLowerCase()}, ${color.toLowerCase()}`,
                price: door.price + sizeIndex * 140 + li * 85 + hi * 60,
                parentCategory: 'DOORS',
                secondCategory: door.style,
                thirdCategory: size,
                uom: 'EA',
                color,
                size,
                windowWallStyle: door.style,
                lockset,
                hinges,
                orientation,
                // One picture per look: style, size, swing and colour (the lockset and hinges do not show).
                imageId: `IMG-DR-${door.style.replace(' Inch', 'IN')}-${size}-${orientationCodes[oi]}-${colorCodes[color]}`,
                sort: rows.length,
              });
            }
          });
        });
      });
    });
  }
  return rows;
}

/** Spec 3 §2: sash styles; IMPACT sash are glass only. */
const sashStyles = [
  { style: '2IN', price: 88 },
  { style: '206', price: 112 },
  { style: '406', price: 164 },
  { style: 'IMPACT', price: 298 },
] as const;
export const sashSets = ['Single', 'Pair'] as const;
const sashHeights = ['36IN', '48IN'] as const;

function makeSash(): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  for (const sash of sashStyles) {
    for (const sashSet of sashSets) {
      for (const glassType of sash.style === 'IMPACT' ? ['Glass'] : ['Glass', 'Vinyl']) {
        sashHeights.forEach((height, heightIndex) => {
          for (const color of frameColors) {
            const partNumber = `SA-${sash.style}-${sashSet[0]}${glassType[0]}-${height.replace('IN', '')}-${colorCodes[color]}`;
            rows.push({
              ...emptyRow(),
              catalogue: 'sash',
              partNumber,
              identifier: `SASH ${sash.style} ${height}`,
              description: `${sash.style} sash, ${sashSet.toLowerCase()}, ${glassType.toLowerCase()}, ${height.toLowerCase()} high, ${color.toLowerCase()}`,
              price:
                Math.round(
                  (sash.price * (sashSet === 'Pair' ? 1.9 : 1) + heightIndex * 24 + (glassType === 'Vinyl' ? -15 : 0)) *
                    100,
                ) / 100,
              parentCategory: 'SASH',
              secondCategory: sash.style,
              thirdCategory: height,
              uom: sashSet === 'Pair' ? 'PR' : 'EA',
              color,
              size: height,
              windowHeight: height,
              sashSet,
              glassType,
              windowWallStyle: sash.style,
              imageId: `IMG-${partNumber}`,
              sort: rows.length,
            });
          }
        });
      }
    }
  }
  return rows;
}

/** The whole demo catalogue, deterministic. */
export function makeDemoCatalogue(options: DemoCatalogueOptions = {}): CatalogueRow[] {
  const base = makeSpareParts();
  const spare =
    options.spareParts && options.spareParts > base.length
      ? extendSpareParts(base, options.spareParts)
      : base.slice(0, options.spareParts ?? base.length);
  const marketing: CatalogueRow[] = marketingItems.map(([group, name, uom, price], i) => ({
    ...emptyRow(),
    catalogue: 'marketing',
    partNumber: `MK-${String(200 + i * 5)}`,
    identifier: name,
    description: `${name.toLowerCase()} with the TEMO logo`,
    price,
    parentCategory: 'MARKETING',
    secondCategory: group,
    uom,
    imageId: `IMG-MK-${200 + i * 5}`,
    sort: i,
  }));
  const displays: CatalogueRow[] = displayItems.map(([name, description, price], i) => ({
    ...emptyRow(),
    catalogue: 'display',
    partNumber: `DS-${String(501 + i)}`,
    identifier: name,
    description,
    price,
    parentCategory: 'DISPLAYS',
    uom: 'EA',
    color: colorNamedIn(description),
    displayNumber: String(501 + i),
    imageId: `IMG-DS-${501 + i}`,
    sort: i,
  }));
  const glass: CatalogueRow[] = demoGlassPrices.map((entry, i) => ({
    ...emptyRow(),
    catalogue: 'glass',
    partNumber: `GL-${i + 1}`,
    identifier: entry.identifier,
    description: `${entry.identifier}, price per square foot`,
    price: entry.price,
    uom: 'SQFT',
    sort: i,
  }));
  return [...spare, ...marketing, ...displays, ...makeTransoms(), ...makeDoors(), ...makeSash(), ...glass];
}
