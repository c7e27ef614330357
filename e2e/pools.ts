/** What the pools and signals browser tests share: a pooled test's draft, and a tutor with a token. */
import type { Page } from '@playwright/test';
import type { TestDraft } from '../contract/tutor-tests.ts';
import { registerTutor } from './tutor.ts';

/** Eight questions "Type 11" … "Type 18" (the answer is the number) and one everyone gets, worth 2. */
export function poolDraft(): TestDraft {
  const question = (n: number, points = 1) => ({
    id: `p${n}`,
    type: 'number' as const,
    points,
    text: { en: `Type ${n}` },
    correct_number: n,
    tolerance: 0,
  });
  return {
    title: { en: 'Pooled sums' },
    description: { en: 'Each taker gets four of eight' },
    subject: null,
    specialization: null,
    duration_seconds: 1200,
    languages: ['en'],
    blocks: [
      { id: 'pool', title: { en: 'Pool' }, questions: [11, 12, 13, 14, 15, 16, 17, 18].map((n) => question(n)) },
      { id: 'fixed', title: { en: 'Everyone' }, questions: [question(100, 2)] },
    ],
  };
}

/** A tutor signed in on `page` (through stored tokens) and the bearer for the API. */
export async function tutorWithToken(page: Page) {
  const email = await registerTutor(page);
  const login = await page.request.post('/v1/auth/login', { data: { email, password: 'correct-horse-battery' } });
  const tokens = (await login.json()).data;
  await page.addInitScript((stored) => localStorage.setItem('zalik:auth', JSON.stringify(stored)), {
    token: tokens.token,
    refresh_token: tokens.refresh_token,
    expires_at: tokens.expires_at,
    refresh_expires_at: tokens.refresh_expires_at,
  });
  return { authorization: `Bearer ${tokens.token}` };
}
