/**
 * Assignments: a tutor gives a test (one of their published ones, or a catalog lesson) to a class
 * through a short code. Its rules are the tutor's: a window, the time limit, how many attempts, the
 * shuffling, who may take it, what a taker sees afterwards and when, and how it starts.
 */
import { Accommodation } from './accommodations.ts';
import { EpochMs } from './bounds.ts';
import { LESSON_LIMITS, Slug } from './content.ts';
import { OFFLINE_AFTER_MS, Uuid } from './online.ts';
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
import { Line } from './text.ts';

export * from './assignment-results.ts';

/** Eight characters of these: no 0 and O, no 1, I and L, so a class can copy a code from a board. */
export const ASSIGNMENT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ASSIGNMENT_CODE_LENGTH = 8;
export const AssignmentCode = pattern(string(), /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);

/** How many attempts one taker may be allowed. */
export const MAX_ATTEMPTS = 10;

export const AssignmentRules = object({
  /** The window: null for no opening time (open at once) or no closing time (open until closed). */
  opens_at: nullable(EpochMs),
  closes_at: nullable(EpochMs),
  /** The time limit: null for the test's own. */
  duration_seconds: nullable(size(integer(), LESSON_LIMITS.minDuration, LESSON_LIMITS.maxDuration)),
  attempts: size(integer(), 1, MAX_ATTEMPTS),
  /** Questions within each block, and options, in an order of each attempt's own. */
  shuffle_questions: boolean(),
  shuffle_options: boolean(),
  /** Anyone with the link (who types a display name), or signed-in students only. */
  access: enums(['link', 'students']),
  /** What a taker sees afterwards: the score, also their own answers, or everything with the key. */
  review: enums(['score', 'answers', 'full']),
  release: enums(['immediately', 'after_close']),
  /** At the window's opening, or when the tutor gives the signal (takers wait in a lobby). */
  start: enums(['window', 'signal']),
  /** Arriving after the signal: the time left, or the full time. */
  late_start: enums(['time_left', 'full_time']),
  /**
   * Whether the taking view's integrity signals are kept (the page hidden, focus lost, a paste, time
   * offline, a wrong clock): off unless asked for, and told to takers before they start.
   */
  collect_signals: optional(boolean()),
  /**
   * Whether the tutor's standing accommodations apply (contract/accommodations.ts): on unless
   * turned off, for a test whose time must be the same for everyone.
   */
  accommodations: optional(boolean()),
  /** Whether takers are offered read-aloud: on unless turned off (a test of reading itself); an accommodation allowing it still does. */
  read_aloud: optional(boolean()),
});
export type AssignmentRules = Infer<typeof AssignmentRules>;

/** The plainest rules, where a new assignment starts: open at once until closed, the test's own time, one attempt, link only. */
export const PLAINEST_RULES: AssignmentRules = {
  opens_at: null,
  closes_at: null,
  duration_seconds: null,
  attempts: 1,
  shuffle_questions: false,
  shuffle_options: false,
  collect_signals: false,
  access: 'link',
  review: 'full',
  release: 'immediately',
  start: 'window',
  late_start: 'time_left',
};

export const CreateAssignmentRequest = refine(
  object({
    /** One of the tutor's published tests, or a lesson of the catalog by its slug: one of the two. */
    test_id: optional(Uuid),
    lesson_slug: optional(Slug),
    rules: AssignmentRules,
  }),
  'assignment',
  (value) => {
    if ((value.test_id === undefined) === (value.lesson_slug === undefined)) {
      return 'give either test_id or lesson_slug';
    }
    const { opens_at, closes_at } = value.rules;
    if (opens_at !== null && closes_at !== null && closes_at <= opens_at) return 'closes_at must be after opens_at';
    return true;
  },
);
export type CreateAssignmentRequest = Infer<typeof CreateAssignmentRequest>;

/** Where an assignment stands now, by its window, its signal and its closing. */
export const AssignmentState = enums(['scheduled', 'lobby', 'open', 'closed']);
export type AssignmentState = Infer<typeof AssignmentState>;

export const Assignment = type({
  id: Uuid,
  code: string(),
  /** The test's title in the tutor's language. */
  title: string(),
  state: AssignmentState,
  rules: AssignmentRules,
  /** The test's own time limit, seconds (the rules may change it). */
  test_duration_seconds: integer(),
  question_count: integer(),
  started_at: nullable(number()),
  closed_at: nullable(number()),
  created_at: number(),
  /** While the tutor has paused everyone (contract/exam-room.ts): since when; absent otherwise. */
  paused_at: optional(number()),
});
export type Assignment = Infer<typeof Assignment>;

export const AssignmentList = array(Assignment);
export const AssignmentParams = object({ id: Uuid });
export const AssignmentCodeParams = object({ code: AssignmentCode });

/** What anyone with the code learns before starting: the test, its time and its rules. */
export const PublicAssignment = type({
  code: string(),
  title: string(),
  description: string(),
  state: AssignmentState,
  duration_seconds: integer(),
  question_count: integer(),
  opens_at: nullable(number()),
  closes_at: nullable(number()),
  attempts: integer(),
  access: enums(['link', 'students']),
  review: enums(['score', 'answers', 'full']),
  release: enums(['immediately', 'after_close']),
  start: enums(['window', 'signal']),
  /** Whether the taking view's integrity signals are kept: told before the start (contract/signals.ts). */
  collects_signals: boolean(),
  /** Whether standing accommodations apply: a taker who needs one is told it takes an account. */
  accommodations: optional(boolean()),
  server_now: number(),
  /** The version a start now begins: its sealed payload can be fetched before the start. */
  version: integer(),
});
export type PublicAssignment = Infer<typeof PublicAssignment>;

/** A display name: what the tutor sees for a taker who is not signed in. */
/** The name a taker types to take an assignment by its link. */
export const DISPLAY_NAME_MAX = 80;
export const DisplayName = size(Line, 1, DISPLAY_NAME_MAX);

export const StartAssignmentRequest = object({
  /** Required of a taker who is not signed in; a signed-in one is shown by their account's name. */
  display_name: optional(DisplayName),
  /** The device's place in the lobby, which it leaves by starting. */
  waiter: optional(Uuid),
});
export type StartAssignmentRequest = Infer<typeof StartAssignmentRequest>;

/**
 * A device in an assignment's lobby, waiting for the tutor's signal: by an id of its own (kept
 * across a reload) and the taker's display name. The server holds the request until the signal
 * comes (or LOBBY_HOLD_MS pass, when the device asks again), so every device learns of the signal
 * at once, without a class's worth of polling.
 */
export const LobbyRequest = object({ waiter: Uuid, display_name: optional(DisplayName) });
export type LobbyRequest = Infer<typeof LobbyRequest>;
export const LobbyReceipt = type({ state: AssignmentState, server_now: number(), opens_at: nullable(number()) });
export type LobbyReceipt = Infer<typeof LobbyReceipt>;
/** How long the server holds a lobby request that waits for the signal. */
export const LOBBY_HOLD_MS = 20_000;

/** A taker waiting in the lobby, as the monitor shows them. */
export const LobbyWaiter = type({ name: string(), arrived_at: number(), seen_at: number() });
export type LobbyWaiter = Infer<typeof LobbyWaiter>;

/** One taker as the tutor's monitor shows them. */
export const MonitorTaker = type({
  session: Uuid,
  name: string(),
  status: enums(['running', 'finished']),
  /** Questions with an answer on the server, of all the test's questions. */
  answered: integer(),
  question_count: integer(),
  started_at: number(),
  deadline: number(),
  finished_at: nullable(number()),
  /** The latest of: the start, the device's heartbeat, an answer arriving. */
  last_contact_at: number(),
  /** Running, and no contact for OFFLINE_AFTER_MS. */
  offline: boolean(),
  /** How many answers the device held unsent at its last heartbeat; null before its first. */
  unsent_at_last_contact: nullable(integer()),
  /** Integrity signals kept for the attempt (contract/signals.ts); null when the assignment does not collect them. */
  signals: nullable(integer()),
  /** The standing accommodation the attempt runs under (contract/accommodations.ts); absent for none. */
  accommodation: optional(Accommodation),
});
export type MonitorTaker = Infer<typeof MonitorTaker>;

export const AssignmentMonitor = type({
  state: AssignmentState,
  server_now: number(),
  /** Devices in the lobby that have not started (seen within the last minute). */
  waiting: array(LobbyWaiter),
  /**
   * `full`: every taker, in a class list's order; otherwise only those changed since the read's
   * `since`, in no order, to be merged into the list held (mergeMonitor sorts it).
   */
  full: boolean(),
  takers: array(MonitorTaker),
  /** What to send as `since` next time to learn only what changed after this read. */
  cursor: number(),
});
export type AssignmentMonitor = Infer<typeof AssignmentMonitor>;

/** `since`: a `cursor` from an earlier read; without it the answer holds every taker. */
export const MonitorQuery = object({ since: optional(pattern(string(), /^\d{1,15}$/)) });

/** Running, and no contact for OFFLINE_AFTER_MS by the server's clock at `now`. */
export const isOffline = (taker: Pick<MonitorTaker, 'status' | 'last_contact_at'>, now: number) =>
  taker.status === 'running' && now - taker.last_contact_at > OFFLINE_AFTER_MS;

export function mergeMonitor(
  previous: AssignmentMonitor | undefined,
  next: AssignmentMonitor,
  compareNames: (a: string, b: string) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0),
): AssignmentMonitor {
  const takers = new Map(next.full || !previous ? [] : previous.takers.map((taker) => [taker.session, taker]));
  for (const taker of next.takers) takers.set(taker.session, taker);
  const merged = [...takers.values()]
    .map((taker) => ({ ...taker, offline: isOffline(taker, next.server_now) }))
    // A class list's order: by name; one name twice, in the order they started.
    .sort((a, b) => compareNames(a.name, b.name) || a.started_at - b.started_at || (a.session < b.session ? -1 : 1));
  return { ...next, full: true, takers: merged };
}

/** One attempt of an assignment. */
export const AttemptParams = object({ id: Uuid, session: Uuid });

/** Extra time for one attempt: its deadline moves by this much. */
export const ExtraTimeRequest = object({ minutes: size(integer(), 1, 600) });
export type ExtraTimeRequest = Infer<typeof ExtraTimeRequest>;
export const ExtraTimeReceipt = type({ session: Uuid, deadline: number(), server_now: number() });
export type ExtraTimeReceipt = Infer<typeof ExtraTimeReceipt>;

/** An assignment as a signed-in student finds it in their account: to do, done, results once released. */
export const StudentAssignment = type({
  code: string(),
  title: string(),
  state: AssignmentState,
  opens_at: nullable(number()),
  closes_at: nullable(number()),
  attempts_allowed: integer(),
  /** Whether the takers may see their results now (at once, or once it closed). */
  released: boolean(),
  attempts: array(
    type({
      session: Uuid,
      status: enums(['running', 'finished']),
      started_at: number(),
      finished_at: nullable(number()),
      /** Null while running, or while the results are not released. */
      score: nullable(number()),
      max_score: number(),
      /** Written answers awaiting the tutor's mark (the score is final at 0). */
      awaiting_marks: optional(integer()),
    }),
  ),
});
export type StudentAssignment = Infer<typeof StudentAssignment>;
export const StudentAssignmentList = array(StudentAssignment);
