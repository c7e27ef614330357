/** The confirmation mail, in the account's language. */
import { isLocale, type Locale } from '../../../contract/index.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { Mail } from './mailer.ts';

const TEXT: Record<Locale, { subject: string; hello: string; body: string; button: string; ignore: string }> = {
  en: {
    subject: 'Confirm your e-mail for Zalik',
    hello: 'Hello',
    body: 'Please confirm your e-mail address to finish setting up your Zalik account.',
    button: 'Confirm e-mail',
    ignore: 'If you did not register on Zalik, ignore this message.',
  },
  uk: {
    subject: 'Підтвердьте адресу електронної пошти для Заліку',
    hello: 'Вітаємо',
    body: 'Підтвердьте, будь ласка, адресу електронної пошти, щоб завершити створення облікового запису в Заліку.',
    button: 'Підтвердити адресу',
    ignore: 'Якщо ви не реєструвалися в Заліку, просто проігноруйте цей лист.',
  },
  ru: {
    subject: 'Подтвердите адрес электронной почты для Залика',
    hello: 'Здравствуйте',
    body: 'Пожалуйста, подтвердите адрес электронной почты, чтобы завершить создание учётной записи в Залике.',
    button: 'Подтвердить адрес',
    ignore: 'Если вы не регистрировались в Залике, просто проигнорируйте это письмо.',
  },
  pl: {
    subject: 'Potwierdź adres e-mail w Zaliku',
    hello: 'Dzień dobry',
    body: 'Potwierdź adres e-mail, aby dokończyć zakładanie konta w Zaliku.',
    button: 'Potwierdź adres',
    ignore: 'Jeśli nie rejestrowałeś(-aś) się w Zaliku, zignoruj tę wiadomość.',
  },
};

const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function confirmationMail(user: UsersTable, link: string): Mail {
  const t = TEXT[isLocale(user.locale) ? user.locale : 'en'];
  return {
    to: user.email,
    subject: t.subject,
    text: `${t.hello}, ${user.firstname}!\n\n${t.body}\n\n${link}\n\n${t.ignore}\n`,
    html:
      `<p>${html(t.hello)}, ${html(user.firstname)}!</p><p>${html(t.body)}</p>` +
      `<p><a href="${html(link)}">${html(t.button)}</a></p><p>${html(t.ignore)}</p>`,
  };
}
