import { describe, expect, it } from 'vitest';
import { Accommodation, SaveAccommodationRequest } from '../../../contract/accommodations.ts';
import { is } from '../../../contract/structs.ts';
import { accommodationOf, type Draft, draftOf, EMPTY_DRAFT, requestOf } from './accommodation-draft.ts';

describe('the accommodation form’s values', () => {
  it('make a request the contract takes, for each choice of time', () => {
    for (const time of ['x1.25', 'x1.5', 'x2', 'extra_minutes', 'unlimited'] as const) {
      const draft: Draft = { ...EMPTY_DRAFT, userId: 'u-1', time };
      expect(is(requestOf(draft), SaveAccommodationRequest), time).toBe(true);
    }
    expect(accommodationOf({ ...EMPTY_DRAFT, time: 'x1.25' })).toEqual({
      time: 'multiplier',
      multiplier: 1.25,
      read_aloud: false,
    });
    expect(requestOf({ ...EMPTY_DRAFT, email: ' ola@example.com ', time: 'extra_minutes', minutes: 20 })).toEqual({
      email: 'ola@example.com',
      accommodation: { time: 'extra_minutes', extra_minutes: 20, read_aloud: false },
    });
    // The standard time without read-aloud is no accommodation: the contract refuses it.
    expect(is(accommodationOf({ ...EMPTY_DRAFT, time: 'standard' }), Accommodation)).toBe(false);
  });

  it('come back from a kept accommodation as they were', () => {
    const draft: Draft = { userId: 'u-1', email: '', time: 'x2', minutes: 15, readAloud: true };
    const kept = {
      id: 'a',
      user_id: 'u-1',
      name: 'Ola',
      email: null,
      accommodation: accommodationOf(draft),
      updated_at: 1,
    };
    expect(draftOf(kept)).toEqual(draft);
  });
});
