/** Any request: limits, an unreachable database, and text that breaks the text rule. */
import type { Locale } from '../../../contract/locale.ts';

export const requestsMessages = {
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
