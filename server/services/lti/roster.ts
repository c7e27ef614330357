/**
 * The course's roster beside an assignment made from a platform (Names and Role Provisioning 2.0):
 * read on demand from the membership service a launch named, with a service token for the
 * membership scope, page after page (the `Link: rel="next"` header, at most 20 pages), and kept a
 * minute so that a monitor open on several screens asks once. Each member's role is told as
 * learner or teacher; whether they started is read from Zalik's own attempts (by the account a
 * launch tied to their `sub`). Names only: the roster's e-mails are not needed, so not kept or shown.
 */
import type { Kysely } from 'kysely';
import type { Roster, RosterMember } from '../../../contract/lti.ts';
import type { Database } from '../../db/schema.ts';
import { requireOwned } from '../assignments/assignment-rows.ts';
import { type AccessTokens, TokenRefused } from './access-tokens.ts';
import { launchRole } from './identities.ts';
import { platformUrlProblem } from './platform-keys.ts';

export const MEMBERSHIP_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const KEEP_MS = 60_000;
const MAX_PAGES = 20;
const TIMEOUT_MS = 15_000;

interface Member {
  user_id?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  roles?: unknown;
  status?: unknown;
}

type Read = { members: { sub: string; name: string; role: RosterMember['role'] }[]; at: number };

function nextLink(header: string | null): string | null {
  for (const part of (header ?? '').split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match?.[1]) return match[1];
  }
  return null;
}

export class LtiRoster {
  private readonly kept = new Map<string, Read>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: AccessTokens,
    private readonly now: () => number,
  ) {}

  async of(ownerId: string, assignmentId: string): Promise<Roster> {
    await requireOwned(this.db, ownerId, assignmentId);
    const link = await this.db
      .selectFrom('lti_links as l')
      .innerJoin('lti_platforms as p', 'p.id', 'l.platform_id')
      .selectAll('p')
      .select(['l.memberships_url'])
      .where('l.assignment_id', '=', assignmentId)
      .executeTakeFirst();
    if (!link) return { linked: false, members: [], read_at: null, problem: null };
    let read = this.kept.get(assignmentId);
    let problem: string | null = null;
    if (!read || read.at + KEEP_MS <= this.now()) {
      if (!link.memberships_url) problem = 'noService';
      else {
        try {
          read = { members: await this.read(link, link.memberships_url), at: this.now() };
          this.kept.set(assignmentId, read);
        } catch (error) {
          if (!(error instanceof ServiceProblem)) throw error;
          problem = error.code;
        }
      }
    }
    if (!read) return { linked: true, members: [], read_at: null, problem };
    const started = await this.startedSubjects(assignmentId, link.issuer);
    const members = read.members.map((m) => ({ name: m.name, role: m.role, started: started.has(m.sub) }));
    return { linked: true, members, read_at: read.at, problem };
  }

  private async read(platform: Parameters<AccessTokens['get']>[0], url: string): Promise<Read['members']> {
    let token: string;
    try {
      token = await this.tokens.get(platform, [MEMBERSHIP_SCOPE]);
    } catch (error) {
      if (error instanceof TokenRefused) throw new ServiceProblem(`token:${error.status}`);
      throw error;
    }
    const members: Read['members'] = [];
    let next: string | null = url;
    for (let page = 0; next && page < MAX_PAGES; page++) {
      // A next page elsewhere than https (or this machine) would be handed the token: not followed.
      if (platformUrlProblem(next)) break;
      let response: Response;
      try {
        response = await fetch(next, {
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
          },
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        throw new ServiceProblem('unreachable');
      }
      if (response.status === 401) this.tokens.forget(platform.id);
      if (!response.ok) throw new ServiceProblem(`answered:${response.status}`);
      const body = (await response.json().catch(() => ({}))) as { members?: unknown };
      for (const m of Array.isArray(body.members) ? (body.members as Member[]) : []) {
        if (typeof m.user_id !== 'string' || m.status === 'Deleted') continue;
        const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
        const name = text(m.name) || `${text(m.given_name)} ${text(m.family_name)}`.trim() || m.user_id.slice(0, 40);
        const roles = Array.isArray(m.roles) ? m.roles.filter((r): r is string => typeof r === 'string') : [];
        members.push({ sub: m.user_id, name, role: launchRole(roles) === 'tutor' ? 'teacher' : 'learner' });
      }
      next = nextLink(response.headers.get('link'));
    }
    return members;
  }

  /** The platform subjects of those with an attempt at the assignment. */
  private async startedSubjects(assignmentId: string, issuer: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('online_sessions as s')
      .innerJoin('lti_identities as i', 'i.user_id', 's.user_id')
      .select('i.subject')
      .where('s.assignment_id', '=', assignmentId)
      .where('i.issuer', '=', issuer)
      .distinct()
      .execute();
    return new Set(rows.map((r) => r.subject));
  }
}

class ServiceProblem extends Error {
  constructor(readonly code: string) {
    super(`the membership service: ${code}`);
  }
}
