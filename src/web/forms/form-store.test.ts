import { describe, expect, it, vi } from 'vitest';
import { readDefinitionFolder } from '../../server/definitions';
import { createFormStore } from './form-store';
import { isPathRequired } from './required-paths';
import { selectFieldSlice } from './use-form-selector';

const { compiled } = readDefinitionFolder('definitions/engineering');
if (!compiled) throw new Error('definitions/engineering does not compile');

describe('form store over the engineering definition', () => {
  it('runs the engine once per edit and tells listeners once', () => {
    const store = createFormStore(compiled, { context: { locations: {} } });
    const listener = vi.fn();
    store.subscribe(listener);
    const set = vi.spyOn(store.session, 'set');
    store.set('personalInfo.zip', ' k1a0b1');
    expect(set).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().data).toMatchObject({ personalInfo: { zip: 'K1A 0B1' } });
  });

  it("keeps an untouched field's slice equal, so only the edited field re-renders", () => {
    const store = createFormStore(compiled, { context: { locations: {} } });
    const before = selectFieldSlice(store, store.getView(), 'userFileName');
    store.set('personalInfo.city', 'Erie');
    const after = selectFieldSlice(store, store.getView(), 'userFileName');
    expect(after).toEqual(before);
    expect(selectFieldSlice(store, store.getView(), 'personalInfo.city').value).toBe('Erie');
  });

  it('shows messages only after the first submit attempt, then live', () => {
    const store = createFormStore(compiled, { context: { locations: {} } });
    expect(selectFieldSlice(store, store.getView(), 'personalInfo.email').message).toBeUndefined();
    store.showMessages();
    expect(selectFieldSlice(store, store.getView(), 'personalInfo.email').message).toBe('Email is required');
    store.set('personalInfo.email', 'jane@lakeside');
    expect(selectFieldSlice(store, store.getView(), 'personalInfo.email').message).toBe('Invalid email');
  });

  it('reports edits and loads apart, so a restored draft is not saved back as an edit', () => {
    const store = createFormStore(compiled, { context: { locations: {} } });
    const causes: string[] = [];
    store.onDataChange((_state, cause) => causes.push(cause));
    store.load({ userFileName: 'SMITH01' });
    store.set('userFileName', 'SMITH02');
    expect(causes).toEqual(['load', 'edit']);
  });

  it('hides the location without locations, and marks required fields from the required rules', () => {
    const store = createFormStore(compiled, { context: { locations: {} } });
    expect(selectFieldSlice(store, store.getView(), 'selectedLocation').isHidden).toBe(true);
    expect(isPathRequired(compiled, 'personalInfo.zip')).toBe(true);
    expect(isPathRequired(compiled, 'amendments')).toBe(false);
  });
});
