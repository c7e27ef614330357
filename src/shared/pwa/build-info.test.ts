import { describe, expect, it, vi } from 'vitest';
import { BUILD_INFO_URL, fetchLatestBuild, isNewerBuild } from './build-info.ts';

const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('build info', () => {
  it('fetches /build.json past the HTTP cache', async () => {
    const fetchImpl = answer({ version: 'abc', builtAt: '2026-01-02T00:00:00.000Z' });
    expect(await fetchLatestBuild(fetchImpl)).toEqual({ version: 'abc', builtAt: '2026-01-02T00:00:00.000Z' });
    expect(fetchImpl).toHaveBeenCalledWith(BUILD_INFO_URL, expect.objectContaining({ cache: 'no-store' }));
    expect(BUILD_INFO_URL).toBe('/build.json');
  });

  it('gives null for a missing file, a bad body or no network', async () => {
    expect(await fetchLatestBuild(answer({ message: 'Not Found' }, 404))).toBeNull();
    expect(await fetchLatestBuild(answer({ version: 3 }))).toBeNull();
    expect(
      await fetchLatestBuild(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBeNull();
  });

  it('calls a different version newer', () => {
    expect(isNewerBuild({ version: 'b', builtAt: '' }, 'a')).toBe(true);
    expect(isNewerBuild({ version: 'a', builtAt: '' }, 'a')).toBe(false);
    expect(isNewerBuild(null, 'a')).toBe(false);
  });
});
