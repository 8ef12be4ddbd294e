/**
 * The text of a PDF made by pdfkit with its standard fonts, in drawing order: the repo's PDF library writes PDFs but
 * cannot read them, and no reader is a dependency. pdfkit draws each line of text as one BT ... ET block whose TJ array
 * holds hex strings of WinAnsi codes (kerning numbers between them); content streams are Flate-compressed.
 */
import { inflateSync } from 'node:zlib';

/** WinAnsi codes 0x80-0x9F that differ from Latin-1 (the ones a dealer's text may hold). */
const winAnsi: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

function decodeHex(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    text += winAnsi[code] ?? String.fromCharCode(code);
  }
  return text;
}

/** Each drawn line of text, in the order the content streams draw them (pages in order). */
export function extractPdfTextRuns(bytes: Buffer): string[] {
  const raw = bytes.toString('latin1');
  const runs: string[] = [];
  const streamStart = /stream\r?\n/g;
  for (let match = streamStart.exec(raw); match; match = streamStart.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a Flate stream (fonts are standard, so there are none of those)
    }
    streamStart.lastIndex = end;
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const text = [...block[1].matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)]
        .map((op) =>
          op[1] !== undefined
            ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeHex(h[1])).join('')
            : decodeHex(op[2]),
        )
        .join('');
      if (text !== '') runs.push(text);
    }
  }
  return runs;
}

/** The PDF's text as one string, whitespace collapsed (a wrapped cell reads as one). */
export function extractPdfText(bytes: Buffer): string {
  return normalizeSpace(extractPdfTextRuns(bytes).join(' '));
}

export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
