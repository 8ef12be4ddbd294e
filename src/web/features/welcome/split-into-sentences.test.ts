import { describe, expect, it } from 'vitest';
import { splitIntoSentences } from './split-into-sentences';

describe('splitIntoSentences', () => {
  it('puts each sentence of the disclaimer on its own', () => {
    expect(splitIntoSentences('Prices may change. Orders are final!  Questions? Call us.')).toEqual([
      'Prices may change.',
      'Orders are final!',
      'Questions?',
      'Call us.',
    ]);
  });

  it('keeps decimals and lower-case continuations inside the sentence', () => {
    expect(splitIntoSentences('Glass is 3.5 mm thick, e.g. tempered. Next one')).toEqual([
      'Glass is 3.5 mm thick, e.g. tempered.',
      'Next one',
    ]);
  });

  it('gives nothing for an empty or blank disclaimer', () => {
    expect(splitIntoSentences('')).toEqual([]);
    expect(splitIntoSentences('   \n ')).toEqual([]);
  });
});
