/**
 * The catalogue's colour names and how a picture paints them: a part made in WHITE is drawn white, in BRONZE bronze.
 * Parts with no colour are drawn in their material (mill aluminium, steel, rubber, glass), never a made-up hue.
 */

/** Paint of each colour name the catalogue uses (trim and frame colours, upper case as the catalogue writes them). */
export const colourPaints: Readonly<Record<string, string>> = {
  WHITE: '#f7f7f4',
  BRONZE: '#5b4331',
  SANDSTONE: '#d9c6a0',
  BLACK: '#262626',
};

/** Materials of parts that have no colour of their own. */
export const materialPaints = {
  aluminium: '#c5cacf',
  steel: '#9aa1a8',
  rubber: '#33373c',
  glass: '#cfe8f7',
  paper: '#ffffff',
  screen: '#5f666d',
  wood: '#b98a5a',
} as const;

/** The paint of a colour name (any case), or undefined when the catalogue does not use that name. */
export function paintOfColour(name: string | null | undefined): string | undefined {
  return name ? colourPaints[name.trim().toUpperCase()] : undefined;
}

/** The first colour name a text mentions ("Cathedral room, ..., bronze" -> BRONZE), if any. */
export function colourNamedIn(text: string | null | undefined): string | undefined {
  const words = (text ?? '').toUpperCase().match(/[A-Z]+/g) ?? [];
  return words.find((word) => word in colourPaints);
}

/** Red, green and blue of a #rrggbb paint, 0-255. */
function channelsOf(paint: string): [number, number, number] {
  const hex = paint.replace('#', '');
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

/** Relative lightness of a paint, 0 (black) to 1 (white). */
export function lightnessOf(paint: string): number {
  const [r, g, b] = channelsOf(paint);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** The paint mixed toward black (amount < 0) or white (amount > 0), for edges, shadows and highlights. */
export function shadeOf(paint: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const mix = Math.abs(amount);
  return `#${channelsOf(paint)
    .map((channel) =>
      Math.round(channel + (target - channel) * mix)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** An outline that shows on the paint: darker for light paints, lighter for dark ones. */
export function edgeOf(paint: string): string {
  return lightnessOf(paint) > 0.3 ? shadeOf(paint, -0.5) : shadeOf(paint, 0.45);
}
