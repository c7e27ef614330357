/** Path parameters and queries of the test-session calls. */
import { Key } from './content.ts';
import { LOCALES } from './locale.ts';
import { Uuid } from './online.ts';
import { enums, object, optional, pattern, string } from './structs.ts';

/** A test session's writes take the token in the query or in the body. */
export const WriteQuery = object({ api_token: optional(string()) });
/**
 * A batch of queued answers also says how many more the device still holds for the session after
 * this batch: the tutor's monitor reads it as it reads a heartbeat's.
 */
export const AnswerQuery = object({ api_token: optional(string()), unsent: optional(pattern(string(), /^\d{1,6}$/)) });
export const UuidParams = object({ uuid: Uuid });
export const BlockParams = object({ uuid: Uuid, blockId: Key });
/** A finished test in the caller's account. */
export const TestIdParams = object({ id: Uuid });
/** A lesson version's sealed payload in one of the four languages. */
export const PayloadParams = object({ version: pattern(string(), /^[1-9]\d{0,8}$/), locale: enums(LOCALES) });
