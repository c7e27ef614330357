/**
 * The field rules for registration and sign-in (a valid e-mail; a password of 8 or more characters;
 * names of 3 or more; the policy accepted), with messages in the request's
 * language. Anything that is not even the right shape is refused the same way, field by field.
 */
import { EMAIL, type Locale, NAME_MIN, PASSWORD_MIN } from '../../../contract/index.ts';
import { textProblem } from '../../../contract/text.ts';
import { HttpError } from '../../http-error.ts';
import { message, textProblemMessage } from '../../i18n/messages.ts';

const REGISTER_FIELDS = [
  'accept_policy',
  'email',
  'firstname',
  'lastname',
  'password',
  'password_confirmation',
  'role',
  'timezone',
];

export interface Registration {
  email: string;
  firstname: string;
  lastname: string;
  password: string;
  role: 'student' | 'tutor';
  timezone: string;
}

type Errors = Record<string, string[]>;

function text(body: Record<string, unknown>, field: string, errors: Errors, locale: Locale, max = 200): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') {
    errors[field] = [message('required', locale)];
    return '';
  }
  if (value.length > max) errors[field] = [message('maxLength', locale, { max })];
  // Every field of these forms is one line: a name, an address, a password typed into one box.
  const problem = textProblem(value, false);
  if (problem && !errors[field]) errors[field] = [textProblemMessage(problem, locale)];
  return value;
}

function minLength(value: string, field: string, min: number, errors: Errors, locale: Locale) {
  if (value && !errors[field] && value.trim().length < min) errors[field] = [message('minLength', locale, { min })];
}

function email(value: string, errors: Errors, locale: Locale) {
  if (value && !errors.email && !EMAIL.test(value.trim())) errors.email = [message('email', locale)];
}

function asObject(body: unknown, locale: Locale): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(422, message('checkData', locale), { _: [message('required', locale)] });
  }
  return body as Record<string, unknown>;
}

function validTimezone(value: unknown): string {
  if (typeof value !== 'string' || !value) return 'UTC';
  try {
    // Throws for a zone ICU does not know; the name is kept as the browser gave it.
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return 'UTC';
  }
}

export function parseRegistration(raw: unknown, locale: Locale): Registration {
  const body = asObject(raw, locale);
  const errors: Errors = {};
  for (const key of Object.keys(body)) if (!REGISTER_FIELDS.includes(key)) errors[key] = ['Unknown field'];
  const mail = text(body, 'email', errors, locale, 254);
  email(mail, errors, locale);
  const firstname = text(body, 'firstname', errors, locale, 100);
  minLength(firstname, 'firstname', NAME_MIN, errors, locale);
  const lastname = text(body, 'lastname', errors, locale, 100);
  minLength(lastname, 'lastname', NAME_MIN, errors, locale);
  const password = text(body, 'password', errors, locale);
  if (password && !errors.password && password.length < PASSWORD_MIN) {
    errors.password = [message('minLength', locale, { min: PASSWORD_MIN })];
  }
  const repeat = text(body, 'password_confirmation', errors, locale);
  if (repeat && !errors.password_confirmation && repeat !== password) {
    errors.password_confirmation = [message('passwordsMatch', locale)];
  }
  const role = body.role === undefined ? 'student' : body.role;
  if (role !== 'student' && role !== 'tutor') errors.role = [message('required', locale)];
  if (body.accept_policy !== 1 && body.accept_policy !== true) errors.accept_policy = [message('acceptPolicy', locale)];
  if (body.timezone !== undefined && typeof body.timezone !== 'string')
    errors.timezone = [message('checkData', locale)];
  if (Object.keys(errors).length) throw new HttpError(422, message('checkData', locale), errors);
  return {
    email: mail.trim(),
    firstname,
    lastname,
    password,
    role: role as Registration['role'],
    timezone: validTimezone(body.timezone),
  };
}

export function parseLogin(raw: unknown, locale: Locale): { email: string; password: string } {
  const body = asObject(raw, locale);
  const errors: Errors = {};
  for (const key of Object.keys(body)) if (key !== 'email' && key !== 'password') errors[key] = ['Unknown field'];
  const mail = text(body, 'email', errors, locale, 254);
  email(mail, errors, locale);
  const password = text(body, 'password', errors, locale);
  if (password && !errors.password && password.length < PASSWORD_MIN) {
    errors.password = [message('minLength', locale, { min: PASSWORD_MIN })];
  }
  if (Object.keys(errors).length) throw new HttpError(422, message('checkData', locale), errors);
  return { email: mail.trim(), password };
}
