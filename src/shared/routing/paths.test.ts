import { describe, expect, it } from 'vitest';
import { absolute, paths, samePageIn } from './paths.ts';

describe('samePageIn', () => {
  it('keeps the path, the query and the fragment under the new prefix', () => {
    expect(samePageIn('pl', '/en/test/linear', '?a=1', '#block-2')).toBe('/pl/test/linear?a=1#block-2');
    expect(samePageIn('uk', '/ru/test/x/results-preview', 'api_token=t')).toBe(
      '/uk/test/x/results-preview?api_token=t',
    );
  });

  it('handles the bare prefix and a path that only starts like one', () => {
    expect(samePageIn('ru', '/en')).toBe('/ru');
    expect(samePageIn('ru', '/en/')).toBe('/ru');
    expect(samePageIn('pl', '/english/x')).toBe('/pl/english/x');
  });
});

describe('paths', () => {
  it('builds the catalog and account paths inside a language', () => {
    expect(paths.tests('tutor')).toBe('/test-tutor');
    expect(paths.specialization('student', 'mathematics', 'algebra')).toBe('/test-student/mathematics/algebra');
    expect(paths.passedTest('abc')).toBe('/account/passed-test-abc');
    expect(absolute('uk', paths.contacts())).toBe('/uk/contacts');
  });
});
