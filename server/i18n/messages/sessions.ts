/** Test sessions: starting, answering, finishing, results, and results kept in an account. */
import type { Locale } from '../../../contract/locale.ts';

export const sessionsMessages = {
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
} satisfies Record<string, Record<Locale, string>>;
