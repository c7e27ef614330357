/** The accommodation form's values, and the request and the kept accommodation they come from and go to. */
import type {
  Accommodation,
  SaveAccommodationRequest,
  StandingAccommodation,
  TimeMultiplier,
} from '../../../contract/accommodations.ts';

export type TimeChoice = 'standard' | 'x1.25' | 'x1.5' | 'x2' | 'extra_minutes' | 'unlimited';

export interface Draft {
  /** A student chosen from the tutor's takers, or '' for one named by e-mail. */
  userId: string;
  email: string;
  time: TimeChoice;
  minutes: number | null;
  readAloud: boolean;
}

export const EMPTY_DRAFT: Draft = { userId: '', email: '', time: 'x1.5', minutes: 15, readAloud: false };

const MULTIPLIERS: Record<string, TimeMultiplier> = { 'x1.25': 1.25, 'x1.5': 1.5, x2: 2 };

export function accommodationOf(draft: Draft): Accommodation {
  const read_aloud = draft.readAloud;
  const multiplier = MULTIPLIERS[draft.time];
  if (multiplier !== undefined) return { time: 'multiplier', multiplier, read_aloud };
  if (draft.time === 'extra_minutes')
    return { time: 'extra_minutes', extra_minutes: Number(draft.minutes), read_aloud };
  return { time: draft.time === 'unlimited' ? 'unlimited' : 'standard', read_aloud };
}

export function requestOf(draft: Draft): SaveAccommodationRequest {
  const who = draft.userId ? { user_id: draft.userId } : { email: draft.email.trim() };
  return { ...who, accommodation: accommodationOf(draft) };
}

/** A kept accommodation in the form, to change it. */
export function draftOf(kept: StandingAccommodation): Draft {
  const { accommodation: a } = kept;
  const time: TimeChoice = a.time === 'multiplier' ? (`x${a.multiplier}` as TimeChoice) : a.time;
  return {
    userId: kept.user_id ?? '',
    email: kept.email ?? '',
    time,
    minutes: a.extra_minutes ?? EMPTY_DRAFT.minutes,
    readAloud: a.read_aloud,
  };
}
