/** Tutors' own tests: who may write them, saving drafts, and what keeps a draft from being published. */
import type { Locale } from '../../../contract/locale.ts';

export const tutorTestsMessages = {
  tutorsOnly: {
    en: 'Only tutors can do this. Sign in with a tutor account',
    uk: 'Це можуть робити лише викладачі. Увійдіть з обліковим записом викладача',
    ru: 'Это могут делать только преподаватели. Войдите с учётной записью преподавателя',
    pl: 'Mogą to robić tylko nauczyciele. Zaloguj się na konto nauczyciela',
  },
  tutorTestNotFound: {
    en: 'There is no such test among your tests',
    uk: 'Серед ваших тестів такого немає',
    ru: 'Среди ваших тестов такого нет',
    pl: 'Wśród twoich testów nie ma takiego',
  },
  draftConflict: {
    en: 'This test was changed in another tab or on another device. Reload it to see those changes before saving yours',
    uk: 'Цей тест змінили в іншій вкладці або на іншому пристрої. Перезавантажте його, щоб побачити ці зміни, перш ніж зберегти свої',
    ru: 'Этот тест изменили в другой вкладке или на другом устройстве. Перезагрузите его, чтобы увидеть эти изменения, прежде чем сохранять свои',
    pl: 'Ten test zmieniono w innej karcie lub na innym urządzeniu. Wczytaj go ponownie, aby zobaczyć te zmiany, zanim zapiszesz swoje',
  },
  publishedTestIsArchived: {
    en: 'A test that was published is kept with its results: archive it instead',
    uk: 'Опублікований тест зберігається разом із результатами: заархівуйте його',
    ru: 'Опубликованный тест хранится вместе с результатами: заархивируйте его',
    pl: 'Opublikowany test jest przechowywany wraz z wynikami: zarchiwizuj go',
  },
  tooManyTests: {
    en: 'You have {limit} tests, the most one tutor may keep. Delete a draft you do not need',
    uk: 'У вас {limit} тестів — це найбільше, що може мати викладач. Видаліть непотрібну чернетку',
    ru: 'У вас {limit} тестов — это максимум для одного преподавателя. Удалите ненужный черновик',
    pl: 'Masz {limit} testów, najwięcej, ile może mieć nauczyciel. Usuń niepotrzebny szkic',
  },
  formulaDoesNotParse: {
    en: 'A formula here cannot be read: check its brackets and commands',
    uk: 'Формулу тут неможливо прочитати: перевірте її дужки й команди',
    ru: 'Формулу здесь невозможно прочитать: проверьте её скобки и команды',
    pl: 'Wzoru tutaj nie da się odczytać: sprawdź nawiasy i polecenia',
  },
  storageFull: {
    en: 'Your tests’ pictures and versions would take more than your {limit}: delete tests or pictures you no longer need',
    uk: 'Зображення й версії ваших тестів зайняли б більше, ніж ваші {limit}: видаліть тести чи зображення, які вам більше не потрібні',
    ru: 'Изображения и версии ваших тестов заняли бы больше, чем ваши {limit}: удалите тесты или изображения, которые вам больше не нужны',
    pl: 'Obrazy i wersje twoich testów zajęłyby więcej niż twoje {limit}: usuń testy lub obrazy, których już nie potrzebujesz',
  },
  /** Over the formula checker's budget (formula-checker.ts): too long or too nested, or the server too busy now. */
  formulaNotChecked: {
    en: 'A formula here takes too long to check: shorten it, or try again in a moment',
    uk: 'Формулу тут перевіряти задовго: скоротіть її або спробуйте ще раз за мить',
    ru: 'Формулу здесь проверять слишком долго: сократите её или попробуйте ещё раз через мгновение',
    pl: 'Sprawdzanie tego wzoru trwa zbyt długo: skróć go albo spróbuj ponownie za chwilę',
  },
  missingUk: {
    en: 'The Ukrainian text is missing',
    uk: 'Бракує українського тексту',
    ru: 'Нет украинского текста',
    pl: 'Brakuje tekstu ukraińskiego',
  },
  missingEn: {
    en: 'The English text is missing',
    uk: 'Бракує англійського тексту',
    ru: 'Нет английского текста',
    pl: 'Brakuje tekstu angielskiego',
  },
  missingRu: {
    en: 'The Russian text is missing',
    uk: 'Бракує російського тексту',
    ru: 'Нет русского текста',
    pl: 'Brakuje tekstu rosyjskiego',
  },
  missingPl: {
    en: 'The Polish text is missing',
    uk: 'Бракує польського тексту',
    ru: 'Нет польского текста',
    pl: 'Brakuje tekstu polskiego',
  },
  durationRange: {
    en: 'The duration must be from 1 minute to 6 hours',
    uk: 'Тривалість має бути від 1 хвилини до 6 годин',
    ru: 'Продолжительность должна быть от 1 минуты до 6 часов',
    pl: 'Czas trwania musi wynosić od 1 minuty do 6 godzin',
  },
  noBlocks: {
    en: 'Add at least one block with a question',
    uk: 'Додайте хоча б один блок із запитанням',
    ru: 'Добавьте хотя бы один блок с вопросом',
    pl: 'Dodaj co najmniej jeden blok z pytaniem',
  },
  emptyBlock: {
    en: 'This block has no questions',
    uk: 'У цьому блоці немає запитань',
    ru: 'В этом блоке нет вопросов',
    pl: 'Ten blok nie ma pytań',
  },
  pointsPositive: {
    en: 'Points must be more than 0',
    uk: 'Бали мають бути більшими за 0',
    ru: 'Баллов должно быть больше 0',
    pl: 'Liczba punktów musi być większa od 0',
  },
  tooFewOptions: {
    en: 'A choice question needs at least 2 options',
    uk: 'Запитанню з вибором потрібно щонайменше 2 варіанти',
    ru: 'Вопросу с выбором нужно не меньше 2 вариантов',
    pl: 'Pytanie wyboru potrzebuje co najmniej 2 odpowiedzi',
  },
  noCorrectOption: {
    en: 'Mark the correct answer',
    uk: 'Позначте правильну відповідь',
    ru: 'Отметьте правильный ответ',
    pl: 'Zaznacz poprawną odpowiedź',
  },
  correctNotAnOption: {
    en: 'The correct answer is not one of the options',
    uk: 'Правильна відповідь не є одним із варіантів',
    ru: 'Правильный ответ не входит в варианты',
    pl: 'Poprawna odpowiedź nie jest jedną z opcji',
  },
  noAcceptedAnswer: {
    en: 'Give at least one accepted answer',
    uk: 'Вкажіть хоча б одну прийнятну відповідь',
    ru: 'Укажите хотя бы один принимаемый ответ',
    pl: 'Podaj co najmniej jedną akceptowaną odpowiedź',
  },
  noCorrectNumber: {
    en: 'Give the correct number',
    uk: 'Вкажіть правильне число',
    ru: 'Укажите правильное число',
    pl: 'Podaj poprawną liczbę',
  },
  duplicateId: {
    en: 'This id is used twice in the test',
    uk: 'Цей ідентифікатор у тесті використано двічі',
    ru: 'Этот идентификатор в тесте использован дважды',
    pl: 'Ten identyfikator występuje w teście dwa razy',
  },
  unknownCatalogPlace: {
    en: 'There is no such subject and specialization in the catalog',
    uk: 'У каталозі немає такого предмета й спеціалізації',
    ru: 'В каталоге нет такого предмета и специализации',
    pl: 'W katalogu nie ma takiego przedmiotu i specjalizacji',
  },
  testNotComplete: {
    en: 'The test is not complete yet: see what is missing',
    uk: 'Тест ще не завершено: перегляньте, чого бракує',
    ru: 'Тест ещё не готов: посмотрите, чего не хватает',
    pl: 'Test nie jest jeszcze kompletny: zobacz, czego brakuje',
  },
  importRefused: {
    en: 'Nothing was imported: fix the files where shown and upload them again',
    uk: 'Нічого не імпортовано: виправте файли у вказаних місцях і завантажте їх знову',
    ru: 'Ничего не импортировано: исправьте файлы в указанных местах и загрузите их снова',
    pl: 'Nic nie zaimportowano: popraw pliki we wskazanych miejscach i prześlij je ponownie',
  },
  importTooLargeTogether: {
    en: 'These files together are larger than {limit}: import them in smaller groups',
    uk: 'Ці файли разом більші за {limit}: імпортуйте їх меншими групами',
    ru: 'Эти файлы вместе больше {limit}: импортируйте их меньшими группами',
    pl: 'Te pliki razem są większe niż {limit}: zaimportuj je w mniejszych grupach',
  },
  copySuffix: {
    en: '(copy)',
    uk: '(копія)',
    ru: '(копия)',
    pl: '(kopia)',
  },
} satisfies Record<string, Record<Locale, string>>;
