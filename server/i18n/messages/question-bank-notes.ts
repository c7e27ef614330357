/** What an import of another system's questions says it changed or left out to fit a question. */
import type { Locale } from '../../../contract/locale.ts';

export const questionBankNotesMessages = {
  bankWeightsRead: {
    en: 'Options with partial credit are all correct ones here: Zalik scores a multiple choice whole',
    uk: 'Варіанти з частковим балом тут усі правильні: Zalik оцінює множинний вибір цілком',
    ru: 'Варианты с частичным баллом здесь все правильные: Zalik оценивает множественный выбор целиком',
    pl: 'Odpowiedzi z częściową punktacją są tu wszystkie poprawne: Zalik ocenia wielokrotny wybór w całości',
  },
  bankPartialChoice: {
    en: 'Only the option at full credit is right here: Zalik gives no partial credit for a single choice, so the other options with credit score nothing',
    uk: 'Правильний тут лише варіант із повним балом: Zalik не дає часткових балів за одиничний вибір, тож інші варіанти з балом не оцінюються',
    ru: 'Правильный здесь только вариант с полным баллом: Zalik не даёт частичных баллов за одиночный выбор, поэтому другие варианты с баллом не оцениваются',
    pl: 'Poprawna jest tu tylko odpowiedź z pełną punktacją: Zalik nie daje częściowych punktów za jednokrotny wybór, więc inne odpowiedzi z punktami nie są liczone',
  },
  bankFilesLeftOut: {
    en: 'Files it refers to were left out: {names}',
    uk: 'Файли, на які воно посилається, пропущено: {names}',
    ru: 'Файлы, на которые оно ссылается, пропущены: {names}',
    pl: 'Pominięto pliki, do których się odwołuje: {names}',
  },
  bankFeedbackImages: {
    en: 'Pictures in its general feedback were left out: an explanation in Zalik is text',
    uk: 'Зображення з його загального відгуку пропущено: пояснення в Zalik — це текст',
    ru: 'Изображения из его общего отзыва пропущены: пояснение в Zalik — это текст',
    pl: 'Pominięto obrazy z jego ogólnej informacji zwrotnej: wyjaśnienie w Zaliku jest tekstem',
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
  bankGradingApproximated: {
    en: 'Its grading type is not one of Zalik’s: it is marked per item followed by the right next item',
    uk: 'Його спосіб оцінювання Zalik не має: оцінюється за кожен елемент, після якого стоїть правильний наступний',
    ru: 'Его способа оценивания в Zalik нет: оценивается за каждый элемент, за которым стоит верный следующий',
    pl: 'Zalik nie ma jego sposobu oceniania: jest oceniane za każdy element, po którym stoi właściwy następny',
  },
  bankOrderingSubset: {
    en: 'It showed takers only some of its items: Zalik shows them all',
    uk: 'Він показував учасникам лише частину елементів: Zalik показує всі',
    ru: 'Он показывал участникам лишь часть элементов: Zalik показывает все',
    pl: 'Pokazywał zdającym tylko część elementów: Zalik pokazuje wszystkie',
  },
  bankClozePart: {
    en: 'Skipped: a part of it ({type}) has no kind of gap in Zalik',
    uk: 'Пропущено: його частина ({type}) не має відповідного виду пропуску в Zalik',
    ru: 'Пропущено: его часть ({type}) не имеет подходящего вида пропуска в Zalik',
    pl: 'Pominięto: jego część ({type}) nie ma odpowiedniego rodzaju luki w Zalik',
  },
  bankGapWeights: {
    en: 'Its gaps’ weights could not be kept (Zalik weighs a gap from 1 to 100): each gap earns an equal share',
    uk: 'Вагу його пропусків не збережено (у Zalik вага пропуску від 1 до 100): кожен пропуск дає рівну частку',
    ru: 'Вес его пропусков не сохранён (в Zalik вес пропуска от 1 до 100): каждый пропуск даёт равную долю',
    pl: 'Nie zachowano wag jego luk (w Zalik waga luki wynosi od 1 do 100): każda luka daje równą część',
  },
  bankPairValuesEqual: {
    en: 'Its right pairs were worth different points: in Zalik each right pair earns an equal share',
    uk: 'Його правильні пари мали різну вартість: у Zalik кожна правильна пара дає рівну частку',
    ru: 'Его правильные пары стоили по-разному: в Zalik каждая правильная пара даёт равную долю',
    pl: 'Jego poprawne pary miały różną wartość: w Zalik każda poprawna para daje równą część',
  },
  bankEssayTextOnly: {
    en: 'Essays are written in Zalik’s text box: its attachments, response template and notes for markers were left out',
    uk: 'Есе пишуть у текстовому полі Zalik: вкладення, шаблон відповіді та нотатки для оцінювачів пропущено',
    ru: 'Эссе пишут в текстовом поле Zalik: вложения, шаблон ответа и заметки для проверяющих пропущены',
    pl: 'Wypracowania pisze się w polu tekstowym Zalik: pominięto załączniki, szablon odpowiedzi i uwagi dla oceniających',
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
