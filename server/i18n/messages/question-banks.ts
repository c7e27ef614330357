/** What an import of another system's questions says: refusals, what it skipped, what it changed. */
import type { Locale } from '../../../contract/locale.ts';

export const questionBanksMessages = {
  bankTrue: { en: 'True', uk: 'Правда', ru: 'Верно', pl: 'Prawda' },
  bankFalse: { en: 'False', uk: 'Неправда', ru: 'Неверно', pl: 'Fałsz' },
  bankUnknownFormat: {
    en: 'This file is none of the formats Zalik reads: Zalik’s own JSON, Moodle XML, GIFT, Aiken, QTI 2.1 or 2.2, CSV or XLSX',
    uk: 'Цей файл не належить до форматів, які читає Zalik: власний JSON Zalik, Moodle XML, GIFT, Aiken, QTI 2.1 або 2.2, CSV чи XLSX',
    ru: 'Этот файл не относится к форматам, которые читает Zalik: собственный JSON Zalik, Moodle XML, GIFT, Aiken, QTI 2.1 или 2.2, CSV или XLSX',
    pl: 'Ten plik nie jest w żadnym z formatów, które czyta Zalik: własny JSON Zalik, Moodle XML, GIFT, Aiken, QTI 2.1 lub 2.2, CSV albo XLSX',
  },
  bankNotText: {
    en: 'This file is not text in UTF-8: save it again as UTF-8 and import it again',
    uk: 'Цей файл не є текстом у UTF-8: збережіть його як UTF-8 і імпортуйте знову',
    ru: 'Этот файл не является текстом в UTF-8: сохраните его как UTF-8 и импортируйте снова',
    pl: 'Ten plik nie jest tekstem w UTF-8: zapisz go ponownie jako UTF-8 i zaimportuj jeszcze raz',
  },
  bankJsonBroken: {
    en: 'This file starts as JSON but is not valid JSON',
    uk: 'Цей файл починається як JSON, але не є коректним JSON',
    ru: 'Этот файл начинается как JSON, но не является корректным JSON',
    pl: 'Ten plik zaczyna się jak JSON, ale nie jest poprawnym JSON-em',
  },
  bankXmlDoctype: {
    en: 'This XML declares a document type (DOCTYPE or ENTITY), which Zalik does not read for safety',
    uk: 'Цей XML оголошує тип документа (DOCTYPE або ENTITY), який Zalik з міркувань безпеки не читає',
    ru: 'Этот XML объявляет тип документа (DOCTYPE или ENTITY), который Zalik из соображений безопасности не читает',
    pl: 'Ten XML deklaruje typ dokumentu (DOCTYPE lub ENTITY), którego Zalik ze względów bezpieczeństwa nie czyta',
  },
  bankXmlBroken: {
    en: 'This XML is broken and cannot be read',
    uk: 'Цей XML пошкоджений, його не вдається прочитати',
    ru: 'Этот XML повреждён, его не удаётся прочитать',
    pl: 'Ten XML jest uszkodzony i nie da się go odczytać',
  },
  bankXmlBrokenAt: {
    en: 'This XML is broken near line {line} and cannot be read',
    uk: 'Цей XML пошкоджений біля рядка {line}, його не вдається прочитати',
    ru: 'Этот XML повреждён около строки {line}, его не удаётся прочитать',
    pl: 'Ten XML jest uszkodzony w okolicy wiersza {line} i nie da się go odczytać',
  },
  bankHasNoQuestions: {
    en: 'No question in this file could be imported',
    uk: 'Жодне запитання з цього файлу не вдалося імпортувати',
    ru: 'Ни один вопрос из этого файла не удалось импортировать',
    pl: 'Nie udało się zaimportować żadnego pytania z tego pliku',
  },
  bankTooManyCategories: {
    en: 'This file has more than {limit} categories, more blocks than one test holds',
    uk: 'У цьому файлі понад {limit} категорій: більше блоків, ніж вміщує один тест',
    ru: 'В этом файле больше {limit} категорий: больше блоков, чем вмещает один тест',
    pl: 'Ten plik ma ponad {limit} kategorii: więcej bloków, niż mieści jeden test',
  },
  bankUnsupportedType: {
    en: 'Skipped: Zalik has no question type for this one ({type})',
    uk: 'Пропущено: у Zalik немає такого типу запитань ({type})',
    ru: 'Пропущено: в Zalik нет такого типа вопросов ({type})',
    pl: 'Pominięto: Zalik nie ma takiego typu pytań ({type})',
  },
  bankNoCorrectAnswer: {
    en: 'Skipped: no answer in it is marked correct (at full credit)',
    uk: 'Пропущено: жодну відповідь не позначено правильною (з повним балом)',
    ru: 'Пропущено: ни один ответ не отмечен правильным (с полным баллом)',
    pl: 'Pominięto: żadna odpowiedź nie jest oznaczona jako poprawna (z pełną punktacją)',
  },
  bankAikenUnreadable: {
    en: 'Skipped: an Aiken question needs at least two options and an ANSWER line naming one of them',
    uk: 'Пропущено: запитанню Aiken потрібні щонайменше два варіанти й рядок ANSWER з одним із них',
    ru: 'Пропущено: вопросу Aiken нужны хотя бы два варианта и строка ANSWER с одним из них',
    pl: 'Pominięto: pytanie Aiken potrzebuje co najmniej dwóch odpowiedzi i wiersza ANSWER wskazującego jedną z nich',
  },
  bankTooManyOptions: {
    en: 'Skipped: it has more than {limit} options',
    uk: 'Пропущено: у ньому понад {limit} варіантів',
    ru: 'Пропущено: в нём больше {limit} вариантов',
    pl: 'Pominięto: ma ponad {limit} odpowiedzi',
  },
  bankWeightsRead: {
    en: 'Options with partial credit are all correct ones here: Zalik scores a multiple choice whole',
    uk: 'Варіанти з частковим балом тут усі правильні: Zalik оцінює множинний вибір цілком',
    ru: 'Варианты с частичным баллом здесь все правильные: Zalik оценивает множественный выбор целиком',
    pl: 'Odpowiedzi z częściową punktacją są tu wszystkie poprawne: Zalik ocenia wielokrotny wybór w całości',
  },
  bankPartialVariant: {
    en: 'Answers with partial credit were left out: only those at full credit are accepted',
    uk: 'Відповіді з частковим балом пропущено: приймаються лише ті, що з повним балом',
    ru: 'Ответы с частичным баллом пропущены: принимаются только ответы с полным баллом',
    pl: 'Pominięto odpowiedzi z częściową punktacją: akceptowane są tylko te z pełną',
  },
  bankCaseIgnored: {
    en: 'The file asked for exact upper and lower case; Zalik accepts an answer in any case',
    uk: 'Файл вимагав точного регістру літер; Zalik приймає відповідь у будь-якому регістрі',
    ru: 'Файл требовал точного регистра букв; Zalik принимает ответ в любом регистре',
    pl: 'Plik wymagał dokładnej wielkości liter; Zalik przyjmuje odpowiedź pisaną dowolnie',
  },
  bankWildcardVariant: {
    en: 'Answers with the * wildcard were left out: Zalik accepts exact answers only',
    uk: 'Відповіді із символом * пропущено: Zalik приймає лише точні відповіді',
    ru: 'Ответы с символом * пропущены: Zalik принимает только точные ответы',
    pl: 'Pominięto odpowiedzi ze znakiem *: Zalik przyjmuje tylko dokładne odpowiedzi',
  },
  bankUnitsDropped: {
    en: 'Its units were not kept: the taker types the number alone',
    uk: 'Одиниці вимірювання не збережено: учасник вводить лише число',
    ru: 'Единицы измерения не сохранены: участник вводит только число',
    pl: 'Nie zachowano jednostek: uczestnik wpisuje samą liczbę',
  },
  bankExtraImages: {
    en: 'Only the first picture of a text was kept',
    uk: 'З кожного тексту збережено лише перше зображення',
    ru: 'Из каждого текста сохранено только первое изображение',
    pl: 'Z każdego tekstu zachowano tylko pierwszy obraz',
  },
  bankImageNotInFile: {
    en: 'The picture {name} is not in the file and was left out',
    uk: 'Зображення {name} у файлі немає, його пропущено',
    ru: 'Изображения {name} в файле нет, оно пропущено',
    pl: 'Obrazu {name} nie ma w pliku, pominięto go',
  },
  bankTextShortened: {
    en: 'A text longer than {limit} characters was shortened',
    uk: 'Текст, довший за {limit} символів, скорочено',
    ru: 'Текст длиннее {limit} символов сокращён',
    pl: 'Tekst dłuższy niż {limit} znaków został skrócony',
  },
  bankPointsCapped: {
    en: 'Its points were lowered to {limit}, the most a question may have',
    uk: 'Бали знижено до {limit}: це найбільше, що може мати запитання',
    ru: 'Баллы снижены до {limit}: это наибольшее, что может иметь вопрос',
    pl: 'Punkty obniżono do {limit}: to najwięcej, ile może mieć pytanie',
  },
  bankVariantsCut: {
    en: 'Only {limit} accepted answers of at most {length} characters each were kept',
    uk: 'Збережено лише {limit} прийнятних відповідей до {length} символів кожна',
    ru: 'Сохранено только {limit} принимаемых ответов до {length} символов каждый',
    pl: 'Zachowano tylko {limit} akceptowanych odpowiedzi, każdą do {length} znaków',
  },
} satisfies Record<string, Record<Locale, string>>;
