/**
 * Messages the API writes for people, in the language of the request: validation errors and the
 * answers to sign-in problems. English is the fallback.
 */
import type { Locale } from '../../contract/index.ts';
import type { TextProblem } from '../../contract/text.ts';

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
  googleNotCompleted: {
    en: 'The sign-in with Google was not completed. Please try again.',
    uk: 'Вхід через Google не завершено. Спробуйте ще раз.',
    ru: 'Вход через Google не завершён. Попробуйте ещё раз.',
    pl: 'Logowanie przez Google nie zostało dokończone. Spróbuj ponownie.',
  },
  googleIncomplete: {
    en: 'The answer of the sign-in is incomplete: start the sign-in again',
    uk: 'Відповідь входу неповна: почніть вхід знову',
    ru: 'Ответ входа неполный: начните вход заново',
    pl: 'Odpowiedź logowania jest niepełna: zacznij logowanie od nowa',
  },
  googleExpired: {
    en: 'This sign-in has expired or was already used: start the sign-in again',
    uk: 'Цей вхід застарів або вже використаний: почніть вхід знову',
    ru: 'Этот вход устарел или уже использован: начните вход заново',
    pl: 'To logowanie wygasło lub zostało już użyte: zacznij logowanie od nowa',
  },
  googleOtherBrowser: {
    en: 'This sign-in was started in another browser: start the sign-in again here',
    uk: 'Цей вхід розпочато в іншому браузері: почніть вхід знову тут',
    ru: 'Этот вход начат в другом браузере: начните вход заново здесь',
    pl: 'To logowanie rozpoczęto w innej przeglądarce: zacznij logowanie od nowa tutaj',
  },
  googleNotConfirmed: {
    en: 'The sign-in provider did not confirm this sign-in: start the sign-in again',
    uk: 'Постачальник входу не підтвердив цей вхід: почніть вхід знову',
    ru: 'Поставщик входа не подтвердил этот вход: начните вход заново',
    pl: 'Dostawca logowania nie potwierdził tego logowania: zacznij logowanie od nowa',
  },
  googleNoAccount: {
    en: 'The sign-in provider sent no account',
    uk: 'Постачальник входу не надіслав облікового запису',
    ru: 'Поставщик входа не прислал учётную запись',
    pl: 'Dostawca logowania nie przesłał konta',
  },
  googleNoEmail: {
    en: 'The sign-in provider did not share an e-mail address',
    uk: 'Постачальник входу не надав адреси електронної пошти',
    ru: 'Поставщик входа не предоставил адрес электронной почты',
    pl: 'Dostawca logowania nie udostępnił adresu e-mail',
  },
  googleAddressTaken: {
    en: 'An account with this e-mail exists: sign in with your password',
    uk: 'Обліковий запис із цією адресою вже існує: увійдіть із паролем',
    ru: 'Учётная запись с этим адресом уже существует: войдите с паролем',
    pl: 'Konto z tym adresem e-mail już istnieje: zaloguj się hasłem',
  },
  googleUnreachable: {
    en: 'The sign-in provider cannot be reached right now. Please try again later.',
    uk: 'Постачальник входу зараз недоступний. Спробуйте пізніше.',
    ru: 'Поставщик входа сейчас недоступен. Попробуйте позже.',
    pl: 'Dostawca logowania jest teraz niedostępny. Spróbuj później.',
  },
  textBroken: {
    en: 'Contains a broken character (invalid Unicode)',
    uk: 'Містить пошкоджений символ (некоректний Unicode)',
    ru: 'Содержит повреждённый символ (некорректный Unicode)',
    pl: 'Zawiera uszkodzony znak (niepoprawny Unicode)',
  },
  textControl: {
    en: 'Contains a control character',
    uk: 'Містить керівний символ',
    ru: 'Содержит управляющий символ',
    pl: 'Zawiera znak sterujący',
  },
  textLineBreak: {
    en: 'Must be a single line (no line breaks or tabs)',
    uk: 'Має бути одним рядком (без розривів рядка й табуляцій)',
    ru: 'Должно быть одной строкой (без переносов строк и табуляций)',
    pl: 'Musi być jedną linią (bez podziałów wiersza i tabulatorów)',
  },
  textUnstorable: {
    en: 'The request contains text that cannot be stored',
    uk: 'Запит містить текст, який неможливо зберегти',
    ru: 'Запрос содержит текст, который невозможно сохранить',
    pl: 'Żądanie zawiera tekst, którego nie można zapisać',
  },
} satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, locale: Locale, values: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[key][locale] ?? MESSAGES[key].en;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

const TEXT_PROBLEM_KEYS: Record<TextProblem, MessageKey> = {
  broken: 'textBroken',
  control: 'textControl',
  'line-break': 'textLineBreak',
};

/** What the text rule (contract/text.ts) found, for people, in their language. */
export function textProblemMessage(problem: TextProblem, locale: Locale): string {
  return message(TEXT_PROBLEM_KEYS[problem], locale);
}
