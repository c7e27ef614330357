/** LTI 1.3: what Zalik publishes as a tool to learning platforms. */
import { endpoint } from '../endpoint.ts';
import { NoQuery } from '../requests.ts';
import { array, record, string, type, unknown } from '../structs.ts';

/** A JSON Web Key Set (RFC 7517): the tool's public RS256 keys. */
const KeySet = type({ keys: array(record(string(), unknown())) });

export const ltiKeys = endpoint({
  method: 'GET',
  path: '/v1/lti/jwks',
  query: NoQuery,
  answer: KeySet,
  status: 200,
  access: 'public',
  bare: true,
  summary:
    'The tool’s public keys for LTI 1.3 (a JSON Web Key Set): platforms check what Zalik signs with them; a replaced key stays listed for 14 days',
});
