/** Path parameters and queries of the test-session calls. */
import { Key } from './content.ts';
import { Uuid } from './online.ts';
import { object, optional, string } from './structs.ts';

/** A test session's writes take the token in the query or in the body. */
export const WriteQuery = object({ api_token: optional(string()) });
export const UuidParams = object({ uuid: Uuid });
export const BlockParams = object({ uuid: Uuid, blockId: Key });
/** A finished test in the caller's account. */
export const TestIdParams = object({ id: Uuid });
