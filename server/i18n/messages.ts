/**
 * Messages the API writes for people, in the language of the request: validation errors and the
 * answers to sign-in problems. English is the fallback.
 */
import type { Locale } from '../../contract/index.ts';

const MESSAGES = {
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
  tooMany: {
    en: 'Too many attempts. Try again in {seconds} s',
    uk: 'Забагато спроб. Спробуйте ще раз через {seconds} с',
    ru: 'Слишком много попыток. Повторите через {seconds} с',
    pl: 'Zbyt wiele prób. Spróbuj ponownie za {seconds} s',
  },
  unavailable: {
    en: 'The service is briefly unavailable. Nothing was lost; please try again in a few seconds',
    uk: 'Сервіс ненадовго недоступний. Нічого не втрачено; спробуйте ще раз за кілька секунд',
    ru: 'Сервис ненадолго недоступен. Ничего не потеряно; повторите попытку через несколько секунд',
    pl: 'Usługa jest chwilowo niedostępna. Nic nie zostało utracone; spróbuj ponownie za kilka sekund',
  },
} satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, locale: Locale, values: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[key][locale] ?? MESSAGES[key].en;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
