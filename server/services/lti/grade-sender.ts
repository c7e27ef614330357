/**
 * Sends the queued scores (grade-queue.ts) to each platform's line item (AGS 2.0 §3.4: a POST of the
 * score to `{lineitem}/scores` with a service token for the score scope). Per platform, strictly in
 * the queue's order: while a platform is down (no answer, 5xx, 429, no token) its first waiting
 * score waits and tries again later, a little later each time (up to ten minutes), and none after it
 * is sent before it; once it answers, every score goes, each once. A score the platform refuses for
 * good (another 4xx) is marked failed with the reason, and the queue goes on. Two processes over
 * one database never send the same row: each claims a row before sending it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LtiPlatformsTable, LtiScoresTable } from '../../db/schema-lti.ts';
import { type AccessTokens, TokenRefused } from './access-tokens.ts';

export const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
const CLAIM_MS = 60_000;
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 10 * 60_000;
const TIMEOUT_MS = 15_000;

/** `{lineitem}/scores`, the line item's own query kept (AGS §3.4.1). */
export function scoresUrl(lineitem: string): string {
  const url = new URL(lineitem);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.href;
}

/** A try's outcome; a reason is a code the tutor's results word (contract/assignment-results.ts GradeDelivery). */
type Outcome = { sent: true } | { retry: string } | { failed: string };

export interface SendReport {
  sent: number;
  failed: number;
  /** Platforms whose first score waits to be tried again. */
  waiting: number;
}

export class GradeSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: AccessTokens,
    private readonly now: () => number,
  ) {}

  /** Sends what is due now, platform by platform. */
  async runOnce(): Promise<SendReport> {
    const report: SendReport = { sent: 0, failed: 0, waiting: 0 };
    const platforms = await this.db
      .selectFrom('lti_scores')
      .select('platform_id')
      .where('state', '=', 'waiting')
      .groupBy('platform_id')
      .execute();
    for (const { platform_id } of platforms) await this.drain(platform_id, report);
    return report;
  }

  private async drain(platformId: string, report: SendReport): Promise<void> {
    const platform = await this.db
      .selectFrom('lti_platforms')
      .selectAll()
      .where('id', '=', platformId)
      .executeTakeFirst();
    for (;;) {
      const head = await this.db
        .selectFrom('lti_scores')
        .selectAll()
        .where('platform_id', '=', platformId)
        .where('state', '=', 'waiting')
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const now = this.now();
      if (!head) return;
      if (Number(head.next_at) > now) {
        report.waiting += 1;
        return;
      }
      const claimed = await this.db
        .updateTable('lti_scores')
        .set({ claimed_until: now + CLAIM_MS })
        .where('id', '=', head.id)
        .where('state', '=', 'waiting')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .executeTakeFirst();
      // Another process is sending it: this platform's queue is theirs for now.
      if (Number(claimed.numUpdatedRows) !== 1) return;
      const outcome = platform ? await this.send(platform, head) : { failed: 'unregistered' };
      if ('sent' in outcome) {
        await this.settle(head.id, { state: 'sent', sent_at: this.now(), last_error: null });
        report.sent += 1;
      } else if ('failed' in outcome) {
        await this.settle(head.id, { state: 'failed', last_error: outcome.failed });
        report.failed += 1;
      } else {
        const attempts = head.attempts + 1;
        const delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));
        await this.settle(head.id, { attempts, next_at: this.now() + delay, last_error: outcome.retry });
        report.waiting += 1;
        return;
      }
    }
  }

  private settle(
    id: string,
    set: Partial<Pick<LtiScoresTable, 'state' | 'sent_at' | 'last_error' | 'attempts' | 'next_at'>>,
  ) {
    return this.db
      .updateTable('lti_scores')
      .set({ ...set, claimed_until: null })
      .where('id', '=', id)
      .execute();
  }

  private async send(platform: LtiPlatformsTable, score: LtiScoresTable): Promise<Outcome> {
    if (platform.enabled !== 1) return { retry: 'registrationOff' };
    const link = await this.db
      .selectFrom('lti_links')
      .select('lineitem_url')
      .where('assignment_id', '=', score.assignment_id)
      .executeTakeFirst();
    // The platform says where the grade column is in a launch: until one has, the score waits.
    if (!link?.lineitem_url) return { retry: 'noLineItem' };
    let token: string;
    try {
      token = await this.tokens.get(platform, [SCORE_SCOPE]);
    } catch (error) {
      if (error instanceof TokenRefused) return { retry: `token:${error.status}` };
      throw error;
    }
    let response: Response;
    try {
      response = await fetch(scoresUrl(link.lineitem_url), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
        body: JSON.stringify({ ...JSON.parse(score.payload), userId: score.subject }),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return { retry: 'unreachable' };
    }
    await response.body?.cancel();
    if (response.ok) return { sent: true };
    if (response.status === 401) {
      this.tokens.forget(platform.id);
      return { retry: 'tokenRefused' };
    }
    if (response.status === 429 || response.status >= 500) return { retry: `answered:${response.status}` };
    return { failed: `refused:${response.status}` };
  }
}
