import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { EMAIL, NAME_MIN, PASSWORD_MIN } from '../../../contract/auth.ts';

/** Messages per field, translated where they are shown. */
export type FieldErrors<F extends string> = Partial<Record<F, MessageDescriptor>>;

export interface LoginValues {
  email: string;
  password: string;
}
export type LoginField = keyof LoginValues;

export interface RegisterValues {
  role: 'student' | 'tutor';
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  password_confirmation: string;
  accept_policy: boolean;
}
export type RegisterField = keyof RegisterValues;

const blank = (value: string) => value.trim() === '';

function emailError(value: string): MessageDescriptor | undefined {
  if (blank(value)) return msg`Email is required`;
  if (!EMAIL.test(value.trim())) return msg`Enter a correct email`;
  return undefined;
}

function passwordError(value: string): MessageDescriptor | undefined {
  if (blank(value)) return msg`Value is required`;
  if (value.length < PASSWORD_MIN) return msg`Password length must be ${PASSWORD_MIN} characters or more`;
  return undefined;
}

function nameError(value: string): MessageDescriptor | undefined {
  if (blank(value)) return msg`Value is required`;
  const min = NAME_MIN;
  if (value.trim().length < min) return msg`This field should be at least ${min} characters long`;
  return undefined;
}

function only<F extends string>(errors: Record<F, MessageDescriptor | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors<F>;
}

/** Sign-in rules: a valid e-mail, a password of 8 characters or more. */
export function validateLogin(values: LoginValues): FieldErrors<LoginField> {
  return only({ email: emailError(values.email), password: passwordError(values.password) });
}

/** Registration rules: a role, names of 3 characters or more, a valid e-mail, a password of 8 or more typed twice alike, the policy accepted. */
export function validateRegistration(values: RegisterValues): FieldErrors<RegisterField> {
  const repeat = values.password_confirmation;
  return only({
    role: values.role === 'student' || values.role === 'tutor' ? undefined : msg`Value is required`,
    firstname: nameError(values.firstname),
    lastname: nameError(values.lastname),
    email: emailError(values.email),
    password: passwordError(values.password),
    password_confirmation: blank(repeat)
      ? msg`Value is required`
      : repeat !== values.password
        ? msg`Passwords should match`
        : undefined,
    accept_policy: values.accept_policy ? undefined : msg`Please accept the terms of use and the privacy policy`,
  });
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
