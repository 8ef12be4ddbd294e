import { describe, expect, it } from 'vitest';
import {
  checkFacts,
  describeMove,
  emptyFacts,
  legalRowsFor,
  moveBlocker,
  nextStatusOf,
  toTransitionBody,
} from './order-moves';

describe('the moves the desk offers', () => {
  it('offers only the next state of the lifecycle, none after shipped', () => {
    expect(nextStatusOf('initial')).toBe('unprocessed');
    expect(nextStatusOf('unprocessed')).toBe('processed');
    expect(nextStatusOf('confirmed')).toBe('shipped');
    expect(nextStatusOf('shipped')).toBeUndefined();
    expect(moveBlocker({ status: 'unprocessed', emailedOn: null }, 'confirmed')).toBe(
      'The order is Unprocessed: it can move only to Processed',
    );
  });

  it('holds back Confirmed until the order was e-mailed to the dealer', () => {
    expect(moveBlocker({ status: 'processed', emailedOn: null }, 'confirmed')).toMatch(/not been e-mailed/);
    expect(moveBlocker({ status: 'processed', emailedOn: '2026-11-20' }, 'confirmed')).toBeUndefined();
  });

  it('asks for the detailer of a move to processed and the scheduled date of a move to confirmed', () => {
    expect(checkFacts('processed', emptyFacts)).toEqual({ detailer: 'Detailer is required' });
    expect(checkFacts('processed', { ...emptyFacts, detailer: 'Dana' })).toEqual({});
    expect(checkFacts('confirmed', emptyFacts)).toEqual({ schedDate: 'Scheduled date is required' });
    expect(checkFacts('shipped', { ...emptyFacts, streetAddress: '1 Main St' })).toHaveProperty('cityStateZip');
    expect(checkFacts('shipped', emptyFacts)).toEqual({});
  });

  it('sends only what the move takes, with the note and the state the mover saw', () => {
    const facts = { ...emptyFacts, detailer: ' Dana ', schedDate: '2026-12-01', note: 'Checked' };
    expect(toTransitionBody('processed', facts, 'unprocessed')).toEqual({
      to: 'processed',
      detailer: 'Dana',
      note: 'Checked',
      from: 'unprocessed',
    });
    expect(toTransitionBody('unprocessed', emptyFacts)).toEqual({ to: 'unprocessed' });
    expect(
      toTransitionBody('shipped', { ...emptyFacts, streetAddress: '1 Main St', cityStateZip: 'Madison, WI 53703' }),
    ).toEqual({ to: 'shipped', shipTo: { streetAddress: '1 Main St', cityStateZip: 'Madison, WI 53703' } });
  });

  it('names what a move changes', () => {
    expect(describeMove('unprocessed', 'processed', { ...emptyFacts, detailer: 'Dana', note: 'ok' })).toEqual([
      'State: Unprocessed → Processed',
      'Detailer: Dana',
      'Note: ok',
    ]);
    expect(describeMove('processed', 'confirmed', { ...emptyFacts, schedDate: '2026-12-01' })).toEqual([
      'State: Processed → Confirmed',
      'Scheduled: 2026-12-01',
      'Confirmed on: today',
    ]);
  });

  it('splits selected rows into those a bulk move is legal for and the others', () => {
    const rows = [
      { status: 'unprocessed', emailedOn: null, fileName: 'a' },
      { status: 'processed', emailedOn: null, fileName: 'b' },
      { status: 'unprocessed', emailedOn: null, fileName: 'c' },
    ] as const;
    const { legal, illegal } = legalRowsFor([...rows], 'processed');
    expect(legal.map((row) => row.fileName)).toEqual(['a', 'c']);
    expect(illegal.map((row) => row.fileName)).toEqual(['b']);
  });
});
