/**
 * People's data in the browser, in Polish by keyboard: a student downloads everything held about
 * them (the file holds their account and their test with its answers) and deletes their account
 * with the address typed again; the server's database then has no account and no name of theirs.
 */
import { readFileSync } from 'node:fs';
import { address, registerStudent } from './accounts.ts';
import { e2eDb } from './e2e-db.ts';
import { expect, test } from './fixtures.ts';
import { signInWithToken } from './tutor.ts';

test.use({ locale: 'pl-PL' });

test('a student downloads their data and deletes their account, by keyboard, in Polish', async ({ page }) => {
  test.setTimeout(90_000);
  const email = address('forget-me');
  await registerStudent(page.request, email, 'Zofia', 'Wiśniewska-Testowa');
  const auth = await signInWithToken(page, email, 'pl');
  // A test taken signed in, with one answer.
  const started = (
    await (await page.request.post('/v1/public/lessons/triangles/start', { data: {}, headers: auth })).json()
  ).data;
  const session = (path: string) => `/v1/public/lessons/online/${started.uuid}${path}?api_token=${started.api_token}`;
  const state = (await (await page.request.get(session(''))).json()).data;
  const blocks = (await (await page.request.get(session(`/blocks/${state.blocks[0].id}`))).json()).data;
  const question = blocks.questions[0];
  const sent = await page.request.post(session('/answer'), {
    data: {
      answer_id: crypto.randomUUID(),
      question_id: question.id,
      value: question.options ? question.options[0].id : '1',
      answered_at: Date.now(),
    },
  });
  expect(sent.status()).toBe(201);
  expect((await page.request.post(session('/finish'), { data: {} })).status()).toBe(200);

  await page.goto('/pl/account');
  await expect(page.getByRole('heading', { name: 'Twoje dane' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Pobierz moje dane (JSON)' }).focus();
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^zalik-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path()) as string, 'utf8'));
  expect(data.account).toMatchObject({ email, firstname: 'Zofia', lastname: 'Wiśniewska-Testowa' });
  expect(data.attempts).toHaveLength(1);
  expect(data.attempts[0]).toMatchObject({ uuid: started.uuid, status: 'finished' });
  expect(data.attempts[0].answers.map((a: { question_id: string }) => a.question_id)).toEqual([question.id]);

  // The wrong address is refused at the field, and nothing is deleted.
  const field = page.getByLabel('Wpisz swój adres e-mail, aby potwierdzić');
  await field.focus();
  await field.pressSequentially('ktos@example.test');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Usunąć konto na zawsze?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Usuń moje konto' }).press('Enter');
  await expect(page.getByText('Aby usunąć konto, wpisz jego własny adres e-mail')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.clear();
  await field.pressSequentially(email);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Usuń moje konto' }).press('Enter');
  await expect(page.getByText('Twoje konto zostało usunięte.')).toBeVisible();
  await expect(page).toHaveURL(/\/pl\/student$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Zaloguj się' })).toBeVisible();

  // What the server holds now: no account, no name, the attempt kept without either.
  const db = e2eDb();
  try {
    expect(db.prepare('select count(*) as n from users where email = ?').get(email)).toEqual({ n: 0 });
    expect(db.prepare('select user_id, display_name from online_sessions where uuid = ?').get(started.uuid)).toEqual({
      user_id: null,
      display_name: null,
    });
  } finally {
    db.close();
  }
  const login = await page.request.post('/v1/auth/login', { data: { email, password: 'correct-horse-battery' } });
  expect(login.status()).toBe(401);
});
