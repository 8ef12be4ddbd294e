import { describe, expect, it, vi } from 'vitest';
import { readDefinitionFolder } from '../../server/definitions';
import { changedKeys, createFormStore, isPathHidden } from './form-store';
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

  it('tells a field only when its own slice (or a parent of it) changed', () => {
    const store = createFormStore(compiled, { context: { locations: {} } });
    const city = vi.fn();
    const personalInfo = vi.fn();
    const fileName = vi.fn();
    store.subscribeTo('personalInfo.city', city);
    store.subscribeTo('personalInfo', personalInfo);
    store.subscribeTo('userFileName', fileName);
    store.set('personalInfo.city', 'Erie');
    expect(city).toHaveBeenCalledTimes(1);
    expect(personalInfo).toHaveBeenCalledTimes(1);
    expect(fileName).not.toHaveBeenCalled();
    // Messages turning on concern every field.
    store.showMessages();
    expect(fileName).toHaveBeenCalledTimes(1);
  });

  it('tells every field under a parent that the engine hides or shows', () => {
    const store = createFormStore(compiled, { context: { locations: {} } });
    const before = store.getState();
    const after = { ...before, hidden: [...before.hidden, 'personalInfo'] };
    const { keys, hiddenFlipped } = changedKeys(before, after, false);
    expect(keys.has('personalInfo')).toBe(true);
    expect(hiddenFlipped).toEqual(['personalInfo']);
    expect(isPathHidden(after, 'personalInfo.city')).toBe(true);
    expect(isPathHidden(after, 'personalInfo')).toBe(true);
    expect(isPathHidden(after, 'personalInfoX')).toBe(false);
  });

  it('takes back an edit it does not accept without telling anyone, and goes on from the data before it', () => {
    const store = createFormStore(compiled, { context: { locations: {} } });
    store.set('userFileName', 'SMITH01');
    const shown = store.getState();
    const listener = vi.fn();
    const dataListener = vi.fn();
    store.subscribe(listener);
    store.subscribeTo('userFileName', listener);
    store.onDataChange(dataListener);
    expect(store.trySet('userFileName', 'SMITH02', () => false)).toBe(shown);
    expect(listener).not.toHaveBeenCalled();
    expect(dataListener).not.toHaveBeenCalled();
    expect(store.getState().data.userFileName).toBe('SMITH01');
    expect(store.session.state.data.userFileName).toBe('SMITH01');
    store.trySet('userFileName', 'SMITH03', () => true);
    expect(store.getState().data.userFileName).toBe('SMITH03');
    expect(dataListener).toHaveBeenCalledTimes(1);
  });
});
