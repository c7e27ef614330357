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
  sessionTokenRequired: {
    en: 'An api_token is required for this test session',
    uk: 'Для цієї сесії тесту потрібен api_token',
    ru: 'Для этой сессии теста нужен api_token',
    pl: 'Ta sesja testu wymaga api_token',
  },
  sessionUnauthorized: {
    en: 'This test session does not exist or the api_token is wrong',
    uk: 'Такої сесії тесту немає або api_token неправильний',
    ru: 'Такой сессии теста нет или api_token неверный',
    pl: 'Taka sesja testu nie istnieje lub api_token jest nieprawidłowy',
  },
  noSuchLesson: {
    en: 'No such lesson',
    uk: 'Такого уроку немає',
    ru: 'Такого урока нет',
    pl: 'Nie ma takiej lekcji',
  },
  noSuchSubject: {
    en: 'No such subject',
    uk: 'Такого предмета немає',
    ru: 'Такого предмета нет',
    pl: 'Nie ma takiego przedmiotu',
  },
  noSuchSpecialization: {
    en: 'No such specialization in this subject',
    uk: 'У цьому предметі немає такої спеціалізації',
    ru: 'В этом предмете нет такой специализации',
    pl: 'W tym przedmiocie nie ma takiej specjalizacji',
  },
  noSuchBlock: {
    en: 'No such block in this test',
    uk: 'У цьому тесті немає такого блоку',
    ru: 'В этом тесте нет такого блока',
    pl: 'W tym teście nie ma takiego bloku',
  },
  noTestInAccount: {
    en: 'No such test in your account',
    uk: 'У вашому обліковому записі немає такого тесту',
    ru: 'В вашей учётной записи нет такого теста',
    pl: 'Na Twoim koncie nie ma takiego testu',
  },
  notYoursToLink: {
    en: 'No such test result, or it is not yours to link',
    uk: "Такого результату немає, або його не можна прив'язати до вашого облікового запису",
    ru: 'Такого результата нет, или его нельзя привязать к вашей учётной записи',
    pl: 'Nie ma takiego wyniku albo nie możesz go przypisać do swojego konta',
  },
  alreadyLinked: {
    en: 'This result is already in your account',
    uk: 'Цей результат уже є у вашому обліковому записі',
    ru: 'Этот результат уже есть в вашей учётной записи',
    pl: 'Ten wynik jest już na Twoim koncie',
  },
  answerInvalid: {
    en: 'The answer is not valid',
    uk: 'Відповідь некоректна',
    ru: 'Ответ некорректен',
    pl: 'Odpowiedź jest nieprawidłowa',
  },
  noSuchQuestion: {
    en: 'No such question in this test',
    uk: 'У цьому тесті немає такого питання',
    ru: 'В этом тесте нет такого вопроса',
    pl: 'W tym teście nie ma takiego pytania',
  },
  answeredInFuture: {
    en: 'Lies in the future',
    uk: 'Ще не настав',
    ru: 'Ещё не наступил',
    pl: 'Leży w przyszłości',
  },
  chooseOneOption: {
    en: 'Choose one option',
    uk: 'Виберіть один варіант',
    ru: 'Выберите один вариант',
    pl: 'Wybierz jedną odpowiedź',
  },
  sendOptionList: {
    en: 'Send a list of option ids',
    uk: 'Надішліть список ідентифікаторів варіантів',
    ru: 'Отправьте список идентификаторов вариантов',
    pl: 'Wyślij listę identyfikatorów odpowiedzi',
  },
  optionTwice: {
    en: 'An option is listed twice',
    uk: 'Варіант указано двічі',
    ru: 'Вариант указан дважды',
    pl: 'Odpowiedź podano dwa razy',
  },
  noSuchOption: {
    en: 'That option does not exist',
    uk: 'Такого варіанта немає',
    ru: 'Такого варианта нет',
    pl: 'Nie ma takiej odpowiedzi',
  },
  sendText: {
    en: 'Send the answer as text',
    uk: 'Надішліть відповідь текстом',
    ru: 'Отправьте ответ текстом',
    pl: 'Wyślij odpowiedź jako tekst',
  },
  sendNumber: {
    en: 'Send the answer as a number',
    uk: 'Надішліть відповідь числом',
    ru: 'Отправьте ответ числом',
    pl: 'Wyślij odpowiedź jako liczbę',
  },
  finishedNotSaved: {
    en: 'This test is already finished: the answer was not saved',
    uk: 'Цей тест уже завершено: відповідь не збережено',
    ru: 'Этот тест уже завершён: ответ не сохранён',
    pl: 'Ten test jest już zakończony: odpowiedź nie została zapisana',
  },
  timeUp: {
    en: 'Time is up for this test: answers made after the deadline are not accepted',
    uk: 'Час цього тесту вичерпано: відповіді, дані після завершення часу, не приймаються',
    ru: 'Время этого теста истекло: ответы, данные после окончания времени, не принимаются',
    pl: 'Czas na ten test minął: odpowiedzi udzielone po terminie nie są przyjmowane',
  },
  answerIdReused: {
    en: 'This answer_id was already used for another answer',
    uk: 'Цей answer_id уже використано для іншої відповіді',
    ru: 'Этот answer_id уже использован для другого ответа',
    pl: 'Ten answer_id został już użyty dla innej odpowiedzi',
  },
  answerIdReusedField: {
    en: 'Already used: make a new UUID for each answer',
    uk: 'Уже використано: створюйте новий UUID для кожної відповіді',
    ru: 'Уже использован: создавайте новый UUID для каждого ответа',
    pl: 'Już użyty: twórz nowy UUID dla każdej odpowiedzi',
  },
  resultsNotReady: {
    en: 'Results are available once the test is finished',
    uk: 'Результати будуть доступні після завершення тесту',
    ru: 'Результаты будут доступны после завершения теста',
    pl: 'Wyniki będą dostępne po zakończeniu testu',
  },
  answerBatchSize: {
    en: 'Send from 1 to {max} answers at a time',
    uk: 'Надсилайте від 1 до {max} відповідей за раз',
    ru: 'Отправляйте от 1 до {max} ответов за раз',
    pl: 'Wysyłaj od 1 do {max} odpowiedzi naraz',
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
  googleNotConfigured: {
    en: 'Sign-in with an external provider is not configured on this server',
    uk: 'Вхід через зовнішнього постачальника на цьому сервері не налаштовано',
    ru: 'Вход через внешнего поставщика на этом сервере не настроен',
    pl: 'Logowanie przez zewnętrznego dostawcę nie jest skonfigurowane na tym serwerze',
  },
} satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** A message to be said later, in the language of whoever receives it. */
export interface Phrase {
  key: MessageKey;
  values?: Record<string, string | number>;
}

export function phrase(key: MessageKey, values?: Record<string, string | number>): Phrase {
  return values ? { key, values } : { key };
}

/** Fixed text as it is, a phrase in `locale`. */
export function say(said: string | Phrase, locale: Locale): string {
  return typeof said === 'string' ? said : message(said.key, locale, said.values);
}

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
