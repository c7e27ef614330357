/** Registration and sign-in forms, accounts and their confirmation mail. */
import type { Locale } from '../../../contract/locale.ts';

export const accountsMessages = {
  required: {
    en: 'Value is required',
    uk: "Значення обов'язкове",
    ru: 'Значение обязательно',
    pl: 'Wartość jest wymagana',
  },
  email: {
    en: 'Value is not a valid email address',
    uk: 'Значення не є коректною адресою електронної пошти',
    ru: 'Значение не является корректным адресом электронной почты',
    pl: 'Wartość nie jest poprawnym adresem e-mail',
  },
  minLength: {
    en: 'This field should be at least {min} characters long',
    uk: 'Це поле має містити щонайменше {min} символів',
    ru: 'Это поле должно содержать не менее {min} символов',
    pl: 'To pole powinno mieć co najmniej {min} znaków',
  },
  maxLength: {
    en: 'This field should be at most {max} characters long',
    uk: 'Це поле має містити не більше ніж {max} символів',
    ru: 'Это поле должно содержать не более {max} символов',
    pl: 'To pole powinno mieć co najwyżej {max} znaków',
  },
  passwordsMatch: {
    en: 'Passwords should match',
    uk: 'Паролі мають збігатися',
    ru: 'Пароли должны совпадать',
    pl: 'Hasła muszą być takie same',
  },
  acceptPolicy: {
    en: 'Please accept the terms of use and the privacy policy',
    uk: 'Прийміть, будь ласка, умови використання та політику конфіденційності',
    ru: 'Пожалуйста, примите условия использования и политику конфиденциальности',
    pl: 'Zaakceptuj regulamin i politykę prywatności',
  },
  emailTaken: {
    en: 'This e-mail is already registered',
    uk: 'Цю адресу вже зареєстровано',
    ru: 'Этот адрес уже зарегистрирован',
    pl: 'Ten adres e-mail jest już zarejestrowany',
  },
  checkData: {
    en: 'Please check the data you entered',
    uk: 'Перевірте, будь ласка, введені дані',
    ru: 'Пожалуйста, проверьте введённые данные',
    pl: 'Sprawdź wprowadzone dane',
  },
  loginFailed: {
    en: 'The e-mail or the password is wrong',
    uk: 'Неправильна адреса електронної пошти або пароль',
    ru: 'Неверный адрес электронной почты или пароль',
    pl: 'Nieprawidłowy adres e-mail lub hasło',
  },
  signInRequired: {
    en: 'Sign in to continue',
    uk: 'Увійдіть, щоб продовжити',
    ru: 'Войдите, чтобы продолжить',
    pl: 'Zaloguj się, aby kontynuować',
  },
  confirmLinkInvalid: {
    en: 'This confirmation link is not valid (it may have expired)',
    uk: 'Це посилання для підтвердження недійсне (можливо, його термін минув)',
    ru: 'Эта ссылка для подтверждения недействительна (возможно, её срок истёк)',
    pl: 'Ten link potwierdzający jest nieprawidłowy (mógł wygasnąć)',
  },
  confirmLinkUsed: {
    en: 'This confirmation link was already used',
    uk: 'Це посилання для підтвердження вже використано',
    ru: 'Эта ссылка для подтверждения уже использована',
    pl: 'Ten link potwierdzający został już użyty',
  },
  refreshInvalid: {
    en: 'The refresh token is not valid: sign in again',
    uk: 'Токен оновлення недійсний: увійдіть знову',
    ru: 'Токен обновления недействителен: войдите снова',
    pl: 'Token odświeżania jest nieprawidłowy: zaloguj się ponownie',
  },
  alreadyConfirmed: {
    en: 'This e-mail address is already confirmed',
    uk: 'Цю адресу електронної пошти вже підтверджено',
    ru: 'Этот адрес электронной почты уже подтверждён',
    pl: 'Ten adres e-mail jest już potwierdzony',
  },
} satisfies Record<string, Record<Locale, string>>;
