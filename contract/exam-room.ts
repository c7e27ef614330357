/**
 * Exam-room controls (docs/assignments.md, "The exam room"): a tutor's message to every taker or to
 * one, shown on their screen and announced, reaching a device that was offline as soon as it is
 * back (each device says which it showed, so the tutor sees each delivered or not); pausing and
 * resuming everyone (their deadlines move by the pause); extra time for everyone, with a reason.
 */
import { characters } from './characters.ts';
import { Uuid } from './online.ts';
import { array, type Infer, integer, nullable, number, object, optional, size, string, type } from './structs.ts';

export { TakerMessage } from './online.ts';

/** Characters as a person counts them (contract/characters.ts): 300 emoji are 300, not 600. */
export const MAX_MESSAGE_LENGTH = 500;
/** At most this many messages to one assignment: a tutor's notices, not a chat. */
export const MAX_MESSAGES_PER_ASSIGNMENT = 200;

export const SendMessageRequest = object({
  text: characters(1, MAX_MESSAGE_LENGTH),
  /** One taker's attempt; absent for every taker. */
  session: optional(Uuid),
});
export type SendMessageRequest = Infer<typeof SendMessageRequest>;

/** A message as its tutor sees it: to whom, and for each taker it is for whether their device showed it. */
export const SentMessage = type({
  id: Uuid,
  text: string(),
  at: number(),
  to: nullable(type({ session: Uuid, name: string() })),
  recipients: array(type({ session: Uuid, name: string(), delivered_at: nullable(number()) })),
});
export type SentMessage = Infer<typeof SentMessage>;
export const SentMessages = array(SentMessage);

export const EveryoneExtraTimeRequest = object({
  minutes: size(integer(), 1, 600),
  /** Why (logged with it): "the room lost power for ten minutes". */
  reason: size(string(), 1, 300),
});
export type EveryoneExtraTimeRequest = Infer<typeof EveryoneExtraTimeRequest>;
export const EveryoneExtraTimeReceipt = type({ attempts: integer(), minutes: integer() });
