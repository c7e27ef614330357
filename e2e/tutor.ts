import { expect, type Page } from '@playwright/test';

const PASSWORD = 'correct-horse-battery';

/** A new tutor account, made through the API: returns its e-mail (the password is PASSWORD). */
export async function registerTutor(page: Page, base = ''): Promise<string> {
  const email = `tutor-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.test`;
  const registered = await page.request.post(`${base}/v1/auth/register`, {
    data: {
      accept_policy: 1,
      email,
      firstname: 'Taras',
      lastname: 'Melnyk',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      role: 'tutor',
    },
  });
  expect(registered.status()).toBe(201);
  return email;
}

/** Signs in through the sign-in dialog, as a person would. */
export async function signIn(page: Page, email: string, base = '') {
  await page.goto(`${base}/en/contacts`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

export async function signedInTutor(page: Page, base = ''): Promise<string> {
  const email = await registerTutor(page, base);
  await signIn(page, email, base);
  return email;
}

/**
 * A tutor signed in on `page` (through stored tokens) and the bearer for the API; their account in
 * `locale` when given (a signed-in user reads the app in their account's language).
 */
export async function tutorWithToken(page: Page, locale?: 'uk' | 'en' | 'ru' | 'pl') {
  return signInWithToken(page, await registerTutor(page), locale);
}

/**
 * Any account signed in on `page` through stored tokens (its password is PASSWORD), and the bearer
 * for the API; the account in `locale` when given.
 */
export async function signInWithToken(page: Page, email: string, locale?: 'uk' | 'en' | 'ru' | 'pl') {
  const login = await page.request.post('/v1/auth/login', { data: { email, password: PASSWORD } });
  const tokens = (await login.json()).data;
  await page.addInitScript((stored) => localStorage.setItem('zalik:auth', JSON.stringify(stored)), {
    token: tokens.token,
    refresh_token: tokens.refresh_token,
    expires_at: tokens.expires_at,
    refresh_expires_at: tokens.refresh_expires_at,
  });
  const auth = { authorization: `Bearer ${tokens.token}` };
  if (locale)
    expect((await page.request.patch('/v1/auth/session', { headers: auth, data: { locale } })).status()).toBe(200);
  return auth;
}

/** From the tutor page, a new test in the editor; returns the editor's path. */
export async function newTest(page: Page, base = ''): Promise<string> {
  await page.goto(`${base}/en/tutor`);
  await page.getByRole('region', { name: 'My tests' }).getByRole('button', { name: 'New test' }).click();
  await expect(page).toHaveURL(/\/en\/tutor\/tests\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}
