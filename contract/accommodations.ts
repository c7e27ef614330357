/**
 * Standing accommodations: what a tutor keeps for one student (more time, no time limit,
 * read-aloud) and every assignment of that tutor applies by itself, unless the assignment turns
 * accommodations off. A student is a signed-in account: chosen from those who took the tutor's
 * tests, or named by e-mail before they have (then it applies once they sign in with that address,
 * confirmed). Takers who are not signed in cannot have one: the server could not tell them apart.
 */
import { EMAIL } from './auth.ts';
import { Uuid } from './online.ts';
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  nullable,
  number,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  type,
} from './structs.ts';

/** The time multipliers a tutor may choose (×1.25, ×1.5, ×2): the ones exam boards grant. */
export const TIME_MULTIPLIERS = [1.25, 1.5, 2] as const;
export type TimeMultiplier = (typeof TIME_MULTIPLIERS)[number];
/** The most standing accommodations one tutor keeps (a large school's worth of students). */
export const MAX_ACCOMMODATIONS_PER_TUTOR = 1000;
/** The most extra minutes a standing accommodation gives (the longest test is six hours). */
export const MAX_ACCOMMODATION_MINUTES = 360;

/**
 * The accommodation itself. `time`: the standard time, the test's time multiplied, extra minutes
 * on top of it, or no time limit (the attempt then runs until the assignment closes, or a day).
 */
export const Accommodation = refine(
  object({
    time: enums(['standard', 'multiplier', 'extra_minutes', 'unlimited']),
    multiplier: optional(enums(TIME_MULTIPLIERS)),
    extra_minutes: optional(size(integer(), 1, MAX_ACCOMMODATION_MINUTES)),
    /** Read-aloud is offered even where the assignment turned it off. */
    read_aloud: boolean(),
  }),
  'accommodation',
  (value) => {
    if ((value.time === 'multiplier') !== (value.multiplier !== undefined)) {
      return 'multiplier goes with time "multiplier", and only with it';
    }
    if ((value.time === 'extra_minutes') !== (value.extra_minutes !== undefined)) {
      return 'extra_minutes goes with time "extra_minutes", and only with it';
    }
    if (value.time === 'standard' && !value.read_aloud) return 'an accommodation changes the time or allows read-aloud';
    return true;
  },
);
export type Accommodation = Infer<typeof Accommodation>;

/** One student's standing accommodation, as its tutor sees it. */
export const StandingAccommodation = type({
  id: Uuid,
  /** The student's account, when chosen from the tutor's takers; else null. */
  user_id: nullable(string()),
  /** The student's name, when they took one of the tutor's tests signed in; else null. */
  name: nullable(string()),
  /** The address the tutor named them by; null when chosen from the tutor's takers. */
  email: nullable(string()),
  accommodation: Accommodation,
  updated_at: number(),
});
export type StandingAccommodation = Infer<typeof StandingAccommodation>;

/** A signed-in student who took one of the tutor's tests: one a tutor may choose. */
export const AccommodationCandidate = type({ user_id: string(), name: string() });
export type AccommodationCandidate = Infer<typeof AccommodationCandidate>;

export const AccommodationList = type({
  accommodations: array(StandingAccommodation),
  students: array(AccommodationCandidate),
});
export type AccommodationList = Infer<typeof AccommodationList>;

/** `PUT /v1/tutor/accommodations`: kept for one student (one of the tutor's takers, or an e-mail), replacing theirs. */
export const SaveAccommodationRequest = refine(
  object({
    user_id: optional(size(string(), 1, 64)),
    email: optional(size(pattern(string(), EMAIL), 3, 254)),
    accommodation: Accommodation,
  }),
  'student',
  (value) => (value.user_id === undefined) !== (value.email === undefined) || 'give either user_id or email',
);
export type SaveAccommodationRequest = Infer<typeof SaveAccommodationRequest>;

/** What a save did: the accommodation kept, and the running attempts whose deadline it moved. */
export const AccommodationReceipt = type({ saved: StandingAccommodation, attempts_changed: integer() });
export type AccommodationReceipt = Infer<typeof AccommodationReceipt>;

export const AccommodationParams = object({ id: Uuid });
export const AccommodationRemoved = type({ attempts_changed: integer() });
