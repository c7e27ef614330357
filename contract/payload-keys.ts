/**
 * The shapes of a lesson version's sealed payload and of the keys that open its parts (opened by
 * contract/sealed-payload.ts, sealed by server/services/sessions/sealed-payloads.ts).
 */
import { array, type Infer, integer, optional, record, string, type } from './structs.ts';

/**
 * An attempt's own order of questions and options (a shuffled assignment's, or a matching's answers
 * and an ordering's start, drawn for every attempt): the sealed payload holds a version's blocks in
 * their written order, and the device puts them in this one.
 */
export const BlockOrder = type({
  block: string(),
  questions: array(string()),
  options: record(string(), array(string())),
});
export type BlockOrder = Infer<typeof BlockOrder>;

/**
 * What opens the parts of the version's sealed payload (contract/sealed-payload.ts) that an attempt
 * may read, handed out by the start and the session's state while it runs, never before: the
 * frame's AES-256-GCM key (`key`, base64url) and one key per question it is asked (`questions`, by
 * question id). A pooled attempt gets the keys of the questions it drew and no others.
 */
export const PayloadKey = type({
  version: integer(),
  key: string(),
  questions: record(string(), string()),
  order: optional(array(BlockOrder)),
});
export type PayloadKey = Infer<typeof PayloadKey>;

/** One sealed part of a payload: ciphertext followed by its 16-byte tag, base64url like `iv`. */
export const SealedPart = type({ iv: string(), sealed: string() });
export type SealedPart = Infer<typeof SealedPart>;

/**
 * A lesson version's blocks in one language, encrypted: `GET /v1/public/lesson-versions/{version}/
 * payload/{locale}`, the same for everyone and never changing, so a device fetches and keeps it
 * before the start. The frame (each block's id, title and question ids, `PayloadFrame`) is sealed
 * under the frame key and each question (`TakerQuestion`) under its own key, so that a key opens
 * only the question it was handed out for.
 */
export const SealedPayload = type({
  version: integer(),
  locale: string(),
  frame: SealedPart,
  questions: record(string(), SealedPart),
});
export type SealedPayload = Infer<typeof SealedPayload>;

/** A sealed payload's frame: the blocks with their questions named, in their written order. */
export const PayloadFrame = array(type({ id: string(), title: string(), questions: array(string()) }));
export type PayloadFrame = Infer<typeof PayloadFrame>;
