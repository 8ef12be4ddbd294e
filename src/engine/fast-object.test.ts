import { describe, expect, it } from 'vitest';
import { fastTemplateOf } from './fast-object';

describe('fastTemplateOf', () => {
  it('holds each key once, in order, every value undefined, whatever the keys spell', () => {
    const keys = ['wallLengthsFeet', '$price', 'a"b', 'x\\y', 'line\nbreak', '0', 'doorOption.1'];
    const template = fastTemplateOf(keys);
    expect(Object.keys(template).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(key in template && template[key] === undefined).toBe(true);
    expect(Object.getPrototypeOf(template)).toBe(Object.prototype);
  });

  it('makes "__proto__" a key, not the prototype', () => {
    const template = fastTemplateOf(['a', '__proto__']);
    expect(Object.getPrototypeOf(template)).toBe(Object.prototype);
    expect(Object.keys(template)).toEqual(['a', '__proto__']);
  });

  it('copies keep the keys and take values of their own', () => {
    const template = fastTemplateOf(['a', 'b']);
    const copy = { ...template, a: 1 };
    expect(copy).toEqual({ a: 1, b: undefined });
    expect(template.a).toBeUndefined();
  });
});
