/**
 * The test platform's side of Deep Linking 2.0 (§4.2, §3.4): the tool's answer is a JWT signed by the
 * tool's key (checked against its JWKS), from its client id to the platform, for the deployment of
 * the request, of type LtiDeepLinkingResponse, version 1.3.0, echoing the request's `data`, with
 * content items. Its return URL takes the form the tool's page posts (field `JWT`) and keeps what came.
 */
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { LTI, LTI_DL } from '../services/lti/id-token.ts';
import type { TestPlatform } from './lti-platform.ts';

export interface ContentItem {
  type: string;
  title?: string;
  url?: string;
  custom?: Record<string, string>;
  window?: { targetName?: string };
  lineItem?: { scoreMaximum: number; label: string; resourceId?: string; tag?: string };
}

export async function checkDeepLinkingResponse(
  platform: TestPlatform,
  jwt: string,
  toolKeys: JWTVerifyGetKey,
  now: Date = new Date(),
): Promise<{ payload: JWTPayload; items: ContentItem[] }> {
  const { payload } = await jwtVerify(jwt, toolKeys, {
    currentDate: now,
    algorithms: ['RS256'],
    issuer: platform.clientId,
    audience: platform.issuer,
    requiredClaims: ['iat', 'exp', 'nonce'],
  });
  const claim = (name: string) => (payload as Record<string, unknown>)[name];
  if (claim(`${LTI}message_type`) !== 'LtiDeepLinkingResponse') throw new Error('message type');
  if (claim(`${LTI}version`) !== '1.3.0') throw new Error('version');
  if (claim(`${LTI}deployment_id`) !== platform.deploymentId) throw new Error('deployment');
  if (claim(`${LTI_DL}data`) !== 'platform-opaque-data') throw new Error('data not echoed');
  const items = claim(`${LTI_DL}content_items`);
  if (!Array.isArray(items)) throw new Error('content items');
  return { payload, items: items as ContentItem[] };
}

/** Items the platform was given at its return URL, each checked; the tool's JWKS at `toolJwksUrl`. */
export function serveDeepLinkReturn(platform: TestPlatform, toolJwksUrl: string): ContentItem[] {
  const received: ContentItem[] = [];
  const keys = createRemoteJWKSet(new URL(toolJwksUrl));
  platform.route('/deep-link-return', async (_req, _url, body, res) => {
    const jwt = new URLSearchParams(body).get('JWT') ?? '';
    const { items } = await checkDeepLinkingResponse(platform, jwt, keys);
    received.push(...items);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    const titles = items.map((i) => String(i.title).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`));
    res.end(`<!doctype html><title>Course</title><h1>Added: ${titles.join(', ')}</h1>`);
  });
  return received;
}
