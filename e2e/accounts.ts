/** Accounts in the Chromium journeys: fresh addresses, students made through the API, and the confirmation mail. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { mainServer } from './e2e-server.ts';
import { type APIRequestContext, expect } from './fixtures.ts';

const PASSWORD = 'correct-horse-battery';

/** A fresh address per run: the database lives as long as the server, not the test. */
export function address(name: string): string {
  return `${name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.test`;
}

/** Undoes quoted-printable, which nodemailer may use for the mail's text. */
function unquote(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The confirmation link of the newest mail to this address, from the server's mail folder. */
export function confirmationLink(to: string): string {
  const dir = join(mainServer().dataDir, 'mail');
  const safe = to.replace(/[^A-Za-z0-9@._-]/g, '_');
  const newest = readdirSync(dir)
    .filter((name) => name.endsWith(`-${safe}.eml`))
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) throw new Error(`no mail to ${to} in ${dir}`);
  const link = /https?:\/\/[^\s"<>]+\/v1\/auth\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(
    unquote(readFileSync(newest, 'utf8')),
  )?.[0];
  if (!link) throw new Error(`no confirmation link in ${newest}`);
  return link;
}

/** A student account made through the API, for tests about what comes after registration. */
export async function registerStudent(request: APIRequestContext, email: string, firstname: string, lastname: string) {
  const registered = await request.post('/v1/auth/register', {
    data: {
      accept_policy: 1,
      email,
      firstname,
      lastname,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      role: 'student',
    },
  });
  expect(registered.status()).toBe(201);
}
