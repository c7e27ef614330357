/**
 * The test platform's membership service (NRPS 2.0 §2): the course's members with a bearer token it
 * issued (any token its token endpoint gave, which the grades' part keeps), two pages joined by a
 * `Link: rel="next"` header, in the container's media type.
 */
import type { TestPlatform } from './lti-platform.ts';

export interface PlatformMember {
  user_id: string;
  name: string;
  roles: string[];
  status?: 'Active' | 'Inactive' | 'Deleted';
}

export function servePlatformRoster(platform: TestPlatform, members: PlatformMember[]): { url: string; reads: number } {
  const served = { url: `${platform.origin}/memberships/course-9`, reads: 0 };
  platform.routePrefix('/memberships/', (req, url, _body, res) => {
    if (!/^Bearer \S+$/.test(req.headers.authorization ?? '')) return platform.json(res, 401, {});
    if (req.headers.accept !== 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json')
      return platform.json(res, 406, {});
    served.reads += 1;
    const page = Number(url.searchParams.get('page') ?? '1');
    const half = Math.ceil(members.length / 2);
    const shown = page === 1 ? members.slice(0, half) : members.slice(half);
    if (page === 1) res.setHeader('link', `<${served.url}?page=2>; rel="next"`);
    res.setHeader('content-type', 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json');
    res.end(JSON.stringify({ id: served.url, context: { id: 'course-9', title: 'Geography 9B' }, members: shown }));
  });
  return served;
}
