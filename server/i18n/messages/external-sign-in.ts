/** The Google-type sign-in: fixed messages, never what the provider said. */
import type { Locale } from '../../../contract/locale.ts';

export const externalSignInMessages = {
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
  googleNotConfigured: {
    en: 'Sign-in with an external provider is not configured on this server',
    uk: 'Вхід через зовнішнього постачальника на цьому сервері не налаштовано',
    ru: 'Вход через внешнего поставщика на этом сервере не настроен',
    pl: 'Logowanie przez zewnętrznego dostawcę nie jest skonfigurowane na tym serwerze',
  },
} satisfies Record<string, Record<Locale, string>>;
