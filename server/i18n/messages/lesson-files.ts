/** What is wrong with a lesson file, field by field: for the operator's import and a tutor's upload. */
import type { Locale } from '../../../contract/locale.ts';

export const lessonFilesMessages = {
  fieldUnknown: {
    en: 'This field is not part of a lesson file',
    uk: 'Такого поля у файлі уроку немає',
    ru: 'Такого поля в файле урока нет',
    pl: 'Takiego pola nie ma w pliku lekcji',
  },
  fieldBase64: {
    en: 'The file’s bytes must be sent in base64 (RFC 4648)',
    uk: 'Байти файлу мають надходити в base64 (RFC 4648)',
    ru: 'Байты файла должны передаваться в base64 (RFC 4648)',
    pl: 'Bajty pliku muszą być przesłane w base64 (RFC 4648)',
  },
  fieldBlank: {
    en: 'Must not be blank',
    uk: 'Не може бути порожнім',
    ru: 'Не может быть пустым',
    pl: 'Nie może być puste',
  },
  fieldLength: {
    en: 'Must be {min} to {max} characters long',
    uk: 'Має містити від {min} до {max} символів',
    ru: 'Должно содержать от {min} до {max} символов',
    pl: 'Musi mieć od {min} do {max} znaków',
  },
  fieldCount: {
    en: 'Must have {min} to {max} items',
    uk: 'Має містити від {min} до {max} елементів',
    ru: 'Должно содержать от {min} до {max} элементов',
    pl: 'Musi mieć od {min} do {max} elementów',
  },
  fieldRange: {
    en: 'Must be from {min} to {max}',
    uk: 'Має бути від {min} до {max}',
    ru: 'Должно быть от {min} до {max}',
    pl: 'Musi wynosić od {min} do {max}',
  },
  fieldPattern: {
    en: 'Use lowercase Latin letters, digits and hyphens',
    uk: 'Використовуйте малі латинські літери, цифри та дефіси',
    ru: 'Используйте строчные латинские буквы, цифры и дефисы',
    pl: 'Użyj małych liter łacińskich, cyfr i łączników',
  },
  fieldChoice: {
    en: 'Not one of the allowed values',
    uk: 'Не є одним із дозволених значень',
    ru: 'Не входит в допустимые значения',
    pl: 'To nie jest jedna z dozwolonych wartości',
  },
  fieldKind: {
    en: 'A value of another kind is expected here',
    uk: 'Тут очікується значення іншого типу',
    ru: 'Здесь ожидается значение другого типа',
    pl: 'Oczekiwano tu wartości innego rodzaju',
  },
  pointsRange: {
    en: 'Points must be above 0 and at most {max}',
    uk: 'Бали мають бути більшими за 0 і не більшими за {max}',
    ru: 'Баллы должны быть больше 0 и не больше {max}',
    pl: 'Punkty muszą być większe od 0 i nie większe niż {max}',
  },
  toleranceRange: {
    en: 'The tolerance must be a number, 0 or more',
    uk: 'Допуск має бути числом, не меншим за 0',
    ru: 'Допуск должен быть числом не меньше 0',
    pl: 'Tolerancja musi być liczbą nie mniejszą niż 0',
  },
  numberFinite: {
    en: 'Must be a number within the range a computer can hold',
    uk: 'Має бути числом у межах, які може зберегти комп’ютер',
    ru: 'Должно быть числом в пределах, которые может хранить компьютер',
    pl: 'Musi być liczbą w zakresie, który komputer może przechować',
  },
  languageTwice: {
    en: 'A language is listed twice',
    uk: 'Мову вказано двічі',
    ru: 'Язык указан дважды',
    pl: 'Język podano dwa razy',
  },
  languageNotInLesson: {
    en: 'This language is not one of the lesson’s languages',
    uk: 'Ця мова не входить до мов уроку',
    ru: 'Этот язык не входит в языки урока',
    pl: 'Ten język nie należy do języków lekcji',
  },
  placeBothOrNeither: {
    en: 'Give both the subject and the specialization, or neither',
    uk: 'Вкажіть і предмет, і спеціалізацію, або жодного',
    ru: 'Укажите и предмет, и специализацию, или ни того, ни другого',
    pl: 'Podaj przedmiot i specjalizację albo żadne z nich',
  },
  tooManyQuestions: {
    en: 'At most {limit} questions in a lesson',
    uk: 'В уроці може бути щонайбільше {limit} запитань',
    ru: 'В уроке может быть не больше {limit} вопросов',
    pl: 'Lekcja może mieć najwyżej {limit} pytań',
  },
  poolTooMany: {
    en: 'A pool cannot draw {count} of {questions} questions: draw at most {questions}',
    uk: 'Пул не може вибрати {count} з {questions} запитань: щонайбільше {questions}',
    ru: 'Пул не может выбрать {count} из {questions} вопросов: не больше {questions}',
    pl: 'Pula nie może wylosować {count} z {questions} pytań: najwyżej {questions}',
  },
  poolNotWhole: {
    en: 'By points, each points value must give whole questions: {count} × {of} ÷ {questions} is not a whole number',
    uk: 'За балами кожна вартість має давати цілі запитання: {count} × {of} ÷ {questions} — не ціле число',
    ru: 'По баллам каждая стоимость должна давать целые вопросы: {count} × {of} ÷ {questions} — не целое число',
    pl: 'Według punktów każda wartość musi dawać całe pytania: {count} × {of} ÷ {questions} nie jest liczbą całkowitą',
  },
  correctTwice: {
    en: 'A correct option is listed twice',
    uk: 'Правильний варіант вказано двічі',
    ru: 'Правильный вариант указан дважды',
    pl: 'Poprawną opcję podano dwa razy',
  },
  notJson: {
    en: 'This file is not valid JSON',
    uk: 'Цей файл не є коректним JSON',
    ru: 'Этот файл не является корректным JSON',
    pl: 'Ten plik nie jest poprawnym JSON-em',
  },
  notALessonFile: {
    en: 'This is not a lesson file ("kind" must be "lesson")',
    uk: 'Це не файл уроку («kind» має бути «lesson»)',
    ru: 'Это не файл урока («kind» должен быть «lesson»)',
    pl: 'To nie jest plik lekcji („kind” musi mieć wartość „lesson”)',
  },
} satisfies Record<string, Record<Locale, string>>;
