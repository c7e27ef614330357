/**
 * The test platform's side of LTI Advantage services (Security Framework §4.1, AGS 2.0 §3.4): its
 * token endpoint checks the tool's client credentials assertion against the tool's key set (RS256,
 * `iss` and `sub` the client id, `aud` the token endpoint, the assertion type and grant) and gives a
 * bearer token for the scopes asked; its line items take scores with that token and the score's
 * media type, each checked for its fields and kept in the order they came. `down` makes every
 * service answer 503, as a platform that is down would.
 */
import { randomUUID } from 'node:crypto';
import { type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { TestPlatform } from './lti-platform.ts';

export interface ReceivedScore {
  lineitem: string;
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  activityProgress: string;
  gradingProgress: string;
  timestamp: string;
}

export interface PlatformGrades {
  /** Every score a line item took, in the order they came. */
  scores: ReceivedScore[];
  /** Token requests, with the assertion's claims. */
  tokenRequests: { scope: string; claims: Record<string, unknown> }[];
  down: boolean;
  /** The status the next score gets instead of 200 (a platform refusing it for good), once. */
  refuseNext: number | null;
  /** The line item of a number: its address. */
  lineitem(n: number): string;
}

/** `now`: the platform's clock, the tests' own (the tool's assertion is checked for its time against it). */
export function servePlatformGrades(
  platform: TestPlatform,
  toolKeys: () => Promise<JWTVerifyGetKey>,
  now: () => number = Date.now,
): PlatformGrades {
  const issued = new Set<string>();
  const grades: PlatformGrades = {
    scores: [],
    tokenRequests: [],
    down: false,
    refuseNext: null,
    lineitem: (n) => `${platform.origin}/lineitems/${n}`,
  };
  platform.route('/token', async (_req, _url, body, res) => {
    if (grades.down) return platform.json(res, 503, {});
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'client_credentials')
      return platform.json(res, 400, { error: 'unsupported_grant_type' });
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      return platform.json(res, 400, { error: 'invalid_client' });
    try {
      const { payload } = await jwtVerify(form.get('client_assertion') ?? '', await toolKeys(), {
        algorithms: ['RS256'],
        issuer: platform.clientId,
        subject: platform.clientId,
        audience: `${platform.origin}/token`,
        requiredClaims: ['jti', 'exp', 'iat'],
        currentDate: new Date(now()),
      });
      grades.tokenRequests.push({ scope: form.get('scope') ?? '', claims: payload as Record<string, unknown> });
    } catch {
      return platform.json(res, 401, { error: 'invalid_client' });
    }
    const token = randomUUID();
    issued.add(token);
    platform.json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: form.get('scope') });
  });
  platform.routePrefix('/lineitems/', (req, url, body, res) => {
    if (grades.down) return platform.json(res, 503, {});
    const match = /^\/lineitems\/(\d+)\/scores$/.exec(url.pathname);
    if (!match || req.method !== 'POST') return platform.json(res, 404, {});
    if (!issued.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) return platform.json(res, 401, {});
    if (req.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json') return platform.json(res, 415, {});
    if (grades.refuseNext !== null) {
      const status = grades.refuseNext;
      grades.refuseNext = null;
      return platform.json(res, status, {});
    }
    const score = JSON.parse(body) as ReceivedScore;
    for (const field of ['userId', 'scoreGiven', 'scoreMaximum', 'activityProgress', 'gradingProgress', 'timestamp']) {
      if (!(field in score)) return platform.json(res, 400, { error: `no ${field}` });
    }
    grades.scores.push({ ...score, lineitem: grades.lineitem(Number(match[1])) });
    platform.json(res, 200, {});
  });
  return grades;
}
