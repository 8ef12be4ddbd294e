/**
 * Objects with many keys that V8 keeps in its fast mode. An object built key by key turns into a hash table after a
 * dozen added keys, JSON.parse's beyond 127: every read of it is then a hash lookup, and a copy of it ({...o}) costs
 * ~100x a fast one's. An object literal keeps fast mode with hundreds of keys, and so do copies of it.
 */

/** Whether `new Function` runs here (a page whose CSP lacks 'unsafe-eval' refuses it; the engine then goes without). */
let canGenerate = true;

/**
 * An object holding each of `keys`, every value undefined, in the keys' order: a template to copy ({...template})
 * and fill, for objects made often with the same keys (a pass's scope, the options map).
 */
export function fastTemplateOf(keys: readonly string[]): Record<string, unknown> {
  // A literal's "__proto__" key sets the prototype rather than a key: such a list gets a plain object.
  if (canGenerate && !keys.includes('__proto__')) {
    try {
      const body = `return {${keys.map((key) => `${JSON.stringify(key)}: undefined`).join(', ')}};`;
      // The keys are JSON strings: no code is read from them.
      return (new Function(body) as () => Record<string, unknown>)();
    } catch {
      canGenerate = false;
    }
  }
  const plain: Record<string, unknown> = {};
  for (const key of keys)
    Object.defineProperty(plain, key, { value: undefined, writable: true, enumerable: true, configurable: true });
  return plain;
}
