/** SVG -> PNG with resvg (prebuilt native binary; rendering runs off the event loop with renderAsync). */
import { renderAsync } from '@resvg/resvg-js';

/** Renders an SVG sheet to PNG at its own size, with the system fonts (DejaVu Sans is installed by .ci/run). */
export async function rasterizeSvg(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, {
    background: '#ffffff',
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  return image.asPng();
}
