import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { type RegisterValues, validateLogin, validateRegistration } from './validation.ts';

const text = (errors: object) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, i18n._(message)]));

const valid: RegisterValues = {
  role: 'student',
  firstname: 'Ann',
  lastname: 'Lee',
  email: 'ann@example.test',
  password: 'long-enough',
  password_confirmation: 'long-enough',
  accept_policy: true,
};

describe('login rules', () => {
  it('require an e-mail and a password', () => {
    expect(text(validateLogin({ email: ' ', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Value is required',
    });
  });

  it('want a valid address and at least 8 characters of password', () => {
    expect(text(validateLogin({ email: 'ann@', password: '1234567' }))).toEqual({
      email: 'Enter a correct email',
      password: 'Password length must be 8 characters or more',
    });
    expect(validateLogin({ email: 'ann@example.test', password: '12345678' })).toEqual({});
  });
});

describe('registration rules', () => {
  it('accept a complete form', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it('name every problem on its field', () => {
    const errors = validateRegistration({
      ...valid,
      firstname: 'Al',
      lastname: '   ',
      email: 'no-at-sign',
      password: 'short',
      password_confirmation: 'other',
      accept_policy: false,
    });
    expect(text(errors)).toEqual({
      firstname: 'This field should be at least 3 characters long',
      lastname: 'Value is required',
      email: 'Enter a correct email',
      password: 'Password length must be 8 characters or more',
      password_confirmation: 'Passwords should match',
      accept_policy: 'Please accept the terms of use and the privacy policy',
    });
  });

  it('want the repeated password', () => {
    expect(text(validateRegistration({ ...valid, password_confirmation: '' }))).toEqual({
      password_confirmation: 'Value is required',
    });
  });
});
