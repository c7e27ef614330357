/** Online test sessions: start, state, blocks, answers, finish and results. */

import { AnswerValue } from './answer-value.ts';
import { EpochMs } from './bounds.ts';
import { AudienceStruct, BlockSummary } from './catalog.ts';
import { LOCALES } from './locale.ts';
import { PayloadKey } from './payload-keys.ts';
import { QUESTION_TYPE_NAMES } from './question-types/registry.ts';
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  size,
  string,
  type,
} from './structs.ts';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const Uuid = pattern(string(), UUID_PATTERN);

const SessionStatus = enums(['running', 'finished']);
export const FinishReason = enums(['manual', 'timeout', 'expired']);
export type FinishReason = Infer<typeof FinishReason>;

export { AnswerValue } from './answer-value.ts';

const LessonRef = type({ id: integer(), slug: string(), title: string() });

export const GivenAnswer = type({ question_id: string(), value: AnswerValue, answered_at: number() });
export type GivenAnswer = Infer<typeof GivenAnswer>;

/** Session state: `GET /v1/public/lessons/online/{uuid}`. Times are server epoch ms. */
export const OnlineSession = type({
  uuid: string(),
  status: SessionStatus,
  role: AudienceStruct,
  lesson: LessonRef,
  started_at: number(),
  deadline: number(),
  duration_seconds: integer(),
  server_now: number(),
  finished_at: nullable(number()),
  blocks: array(BlockSummary),
  answered: array(string()),
  answers: array(GivenAnswer),
  /** While it runs: the key of its version's sealed payload, so no block need be fetched. */
  sealed: optional(PayloadKey),
  /** Its assignment collects integrity signals (contract/signals.ts): the taking view records them. */
  collects_signals: optional(boolean()),
  /** The taker's accommodation leaves it without a time limit: the deadline is only the window's end (or a day). */
  untimed: optional(boolean()),
  /** false: read-aloud is not offered (the assignment turned it off); absent, it is. */
  read_aloud: optional(boolean()),
  /** The test's languages, primary first (shown and read aloud in it if not the interface's); absent before. */
  languages: optional(array(enums(LOCALES))),
});
export type OnlineSession = Infer<typeof OnlineSession>;

/** `POST /v1/public/lessons/{id}/start`: the session plus the token that proves it is yours. */
// The session's state itself with the token: built from OnlineSession, so the two cannot drift.
export const StartedSession = type({ ...OnlineSession.schema, api_token: string() });
export type StartedSession = Infer<typeof StartedSession>;

export const StartRequest = object({ role: optional(AudienceStruct) });
export type StartRequest = Infer<typeof StartRequest>;

export const QuestionType = enums(QUESTION_TYPE_NAMES);
/** A picture as a taker sees it: where it is and its description in the taker's language. */
const TakerImage = type({ url: string(), alt: string() });
export type TakerImage = Infer<typeof TakerImage>;
const QuestionOption = type({ id: string(), text: string(), image: optional(TakerImage) });

/** A passage with gaps as its taker reads it: the text with `[[id]]` markers, and each gap's kind and options. */
const gapsFields = {
  passage: optional(string()),
  gaps: optional(
    array(type({ id: string(), kind: enums(['text', 'number', 'choice']), options: optional(array(QuestionOption)) })),
  ),
};

/** An essay's word limits as its taker and marker see them. */
const essayFields = { min_words: optional(integer()), max_words: optional(integer()) };

/** A question as a taker sees it: never its correct answer. */
export const TakerQuestion = type({
  id: string(),
  type: QuestionType,
  text: string(),
  points: number(),
  options: optional(array(QuestionOption)),
  /** A matching's prompts, each matched to one of the options. */
  prompts: optional(array(QuestionOption)),
  ...gapsFields,
  ...essayFields,
  image: optional(TakerImage),
});
export type TakerQuestion = Infer<typeof TakerQuestion>;

export const TakerBlock = type({ id: string(), title: string(), questions: array(TakerQuestion) });
export type TakerBlock = Infer<typeof TakerBlock>;

export const AnswerRequest = object({
  answer_id: Uuid,
  question_id: size(string(), 1, 40),
  value: AnswerValue,
  answered_at: EpochMs,
  api_token: optional(size(string(), 1, 200)),
});
export type AnswerRequest = Infer<typeof AnswerRequest>;

/** One answer of a batch: the answer call's body without the token (which goes in the query). */
export const AnswerItem = object({
  answer_id: Uuid,
  question_id: size(string(), 1, 40),
  value: AnswerValue,
  answered_at: EpochMs,
});
export type AnswerItem = Infer<typeof AnswerItem>;
export const MAX_ANSWER_BATCH = 500;
/**
 * The most bytes of answers one batch carries: its body stays well within the server's 256 KB
 * request limit, which a few essays (20,000 characters, up to 60 KB each as UTF-8) would pass.
 */
export const MAX_ANSWER_BATCH_BYTES = 160 * 1024;

/** Each answer of a batch is answered on its own, with the status it would have had alone. */
export const AnswerItemResult = type({
  answer_id: nullable(string()),
  status: integer(),
  duplicate: optional(boolean()),
  message: optional(string()),
  errors: optional(record(string(), array(string()))),
});
export type AnswerItemResult = Infer<typeof AnswerItemResult>;

export const AnswerBatchReceipt = type({
  results: array(AnswerItemResult),
  server_now: number(),
  /** An assigned attempt's deadline as it stands, when the batch said what the device holds (extra time). */
  deadline: optional(number()),
  /** The exam room's stamp for the attempt (an assigned one): when it is new, a heartbeat brings the room. */
  room: optional(string()),
});
export type AnswerBatchReceipt = Infer<typeof AnswerBatchReceipt>;

export const AnswerReceipt = type({
  answer_id: string(),
  question_id: string(),
  duplicate: boolean(),
  server_now: number(),
});
export type AnswerReceipt = Infer<typeof AnswerReceipt>;

export const FinishRequest = object({
  api_token: optional(size(string(), 1, 200)),
  reason: optional(enums(['manual', 'timeout'])),
});
export type FinishRequest = Infer<typeof FinishRequest>;

export const FinishReceipt = type({
  uuid: string(),
  status: literal('finished'),
  finished_at: number(),
  finish_reason: FinishReason,
  server_now: number(),
});
export type FinishReceipt = Infer<typeof FinishReceipt>;

export const QuestionResult = type({
  id: string(),
  type: QuestionType,
  text: string(),
  points: number(),
  /** Null where the assignment's rules show the taker's answers but not how they were marked. */
  score: nullable(number()),
  correct: nullable(boolean()),
  answered: boolean(),
  given: nullable(AnswerValue),
  correct_answer: nullable(AnswerValue),
  options: optional(array(QuestionOption)),
  prompts: optional(array(QuestionOption)),
  ...gapsFields,
  ...essayFields,
  image: optional(TakerImage),
  /**
   * A hand-marked question's answer (an essay): awaiting its mark, marked, or unmarked for good (an
   * attempt outside an assignment has no tutor to mark it); absent for the others and for an essay
   * left empty (which earns nothing and needs no mark).
   */
  marking: optional(enums(['awaiting', 'marked', 'unmarked'])),
  /** The marker's comment, where the rules show how answers were marked. */
  comment: optional(nullable(string())),
  /** Null where the assignment's rules keep the key or the explanation from the taker. */
  explanation: nullable(string()),
  /** Set when the answer was made before the deadline but arrived after it (offline): how late, ms. */
  late_ms: nullable(number()),
});
export type QuestionResult = Infer<typeof QuestionResult>;

export const BlockResult = type({
  id: string(),
  title: string(),
  /** Null where the assignment's rules show the score of the whole test only. */
  score: nullable(number()),
  max_score: number(),
  questions: array(QuestionResult),
});
export type BlockResult = Infer<typeof BlockResult>;

/** A finished test at a glance; the results add their blocks, the account list shows just this. */
export const resultSummaryFields = {
  uuid: string(),
  lesson: LessonRef,
  role: AudienceStruct,
  started_at: number(),
  finished_at: number(),
  finish_reason: FinishReason,
  score: number(),
  max_score: number(),
  percent: number(),
  /**
   * How many written answers still wait for the tutor's mark: while above 0 the score is the
   * marked part's so far and not final. Absent or 0: final.
   */
  awaiting_marks: optional(integer()),
};

/** What the taking view notices, when an assignment collects it (contract/signals.ts). */
export const SIGNAL_KINDS = ['hidden', 'blur', 'paste', 'offline', 'clock'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];
/** One integrity signal as the tutor (and the taker, of their own) reads it. */
export const SessionSignal = type({
  kind: enums(SIGNAL_KINDS),
  at: integer(),
  duration_ms: nullable(integer()),
  length: nullable(integer()),
  question_id: nullable(string()),
});
export type SessionSignal = Infer<typeof SessionSignal>;

export const Results = type({
  ...resultSummaryFields,
  /**
   * What the taker may see (an assignment's rules): the score alone (no questions, no block's
   * score), also their own answers (not marked right or wrong, no points per question or block,
   * no key, no explanations), or everything. Absent: everything.
   */
  review: optional(enums(['score', 'answers', 'full'])),
  /** An assigned attempt's assignment, by its code: where to take it again. */
  assignment_code: optional(string()),
  blocks: array(BlockResult),
  /** What was noticed of how it was taken, in order: only when its assignment collected signals. */
  signals: optional(array(SessionSignal)),
});
export type Results = Infer<typeof Results>;

/** How often a running test's device says it is there (and how many answers it holds unsent). */
export const HEARTBEAT_MS = 15_000;
/** No contact for this long while a test runs: the tutor's monitor shows the taker offline. */
export const OFFLINE_AFTER_MS = 30_000;

export const HeartbeatRequest = object({
  api_token: optional(size(string(), 1, 200)),
  /** Answers given on the device and not yet acknowledged by the server. */
  unsent: size(integer(), 0, 100_000),
  /** The tutor's messages this device has shown its taker (contract/exam-room.ts). */
  seen: optional(size(array(Uuid), 0, 50)),
});
export type HeartbeatRequest = Infer<typeof HeartbeatRequest>;
/** A tutor's message as the taker's device gets it with its heartbeat (contract/exam-room.ts). */
export const TakerMessage = type({ id: Uuid, text: string(), at: number(), to_all: boolean() });
export type TakerMessage = Infer<typeof TakerMessage>;

/** What a heartbeat brings: the deadline too (a tutor's extra time reaches the device on its next contact). */
export const HeartbeatReceipt = type({
  server_now: number(),
  deadline: number(),
  /** The tutor's messages its device has not yet said it showed (an assignment's attempt only). */
  messages: optional(array(TakerMessage)),
  /** Since when the tutor has paused everyone; null or absent while not paused. */
  paused_at: optional(nullable(number())),
  /** What the room stands at for this attempt: answers bring the same stamp (AnswerBatchReceipt). */
  room: optional(string()),
});
export type HeartbeatReceipt = Infer<typeof HeartbeatReceipt>;

/**
 * The exam room's stamp for an attempt: differs whenever a pause, a resume or a message to it comes
 * (messages are only added). Server and device compare stamps, never order them.
 */
export const roomStamp = (pausedAt: number | null, messages: number) => `${pausedAt ?? 0}.${messages}`;
