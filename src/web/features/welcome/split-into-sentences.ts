/** Splits the portal disclaimer into sentences: a break after . ! or ? followed by space and a capital or digit. */
export function splitIntoSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=["'(\p{Lu}\d])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}
