/** What the calls about people's data and receipts say when they refuse (docs/privacy.md, docs/receipts.md). */
import type { Locale } from '../../../contract/index.ts';

export const privacyMessages = {
  typeYourOwnAddress: {
    en: 'Type this account’s own e-mail address to delete it',
    uk: 'Щоб видалити обліковий запис, введіть його власну адресу електронної пошти',
    ru: 'Чтобы удалить учётную запись, введите её собственный адрес электронной почты',
    pl: 'Aby usunąć konto, wpisz jego własny adres e-mail',
  },
  /** A second deletion of one account, sent while the first ran. */
  accountDeletedAlready: {
    en: 'This account has been deleted already',
    uk: 'Цей обліковий запис уже видалено',
    ru: 'Эта учётная запись уже удалена',
    pl: 'To konto zostało już usunięte',
  },
  removeFinishedOnly: {
    en: 'This attempt is still running: close the assignment or wait until it ends, then remove it',
    uk: 'Ця спроба ще триває: закрийте завдання або дочекайтеся її завершення, а тоді видаліть',
    ru: 'Эта попытка ещё идёт: закройте задание или дождитесь её окончания, а затем удалите',
    pl: 'To podejście jeszcze trwa: zamknij zadanie albo poczekaj na jego koniec, a potem je usuń',
  },
  /** One answer for a forged receipt, another server's, a removed attempt or one in another account. */
  noSuchReceipt: {
    en: 'This receipt does not name an attempt that can be put into your account',
    uk: 'Ця квитанція не вказує на спробу, яку можна додати до вашого облікового запису',
    ru: 'Эта квитанция не указывает на попытку, которую можно добавить в вашу учётную запись',
    pl: 'To potwierdzenie nie wskazuje podejścia, które można dodać do twojego konta',
  },
  noReceiptWithCode: {
    en: 'There is no receipt with this code for this attempt',
    uk: 'Для цієї спроби немає квитанції з таким кодом',
    ru: 'Для этой попытки нет квитанции с таким кодом',
    pl: 'Dla tego podejścia nie ma potwierdzenia o takim kodzie',
  },
} satisfies Record<string, Record<Locale, string>>;
