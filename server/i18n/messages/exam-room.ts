/** What the exam-room controls say when they refuse (contract/exam-room.ts). */
import type { Locale } from '../../../contract/index.ts';

export const examRoomMessages = {
  tooManyMessages: {
    en: 'This assignment already has {limit} messages, the most it may: they are notices, not a chat',
    uk: 'У цього завдання вже {limit} повідомлень — найбільше можливе: це оголошення, а не чат',
    ru: 'У этого задания уже {limit} сообщений — больше нельзя: это объявления, а не чат',
    pl: 'To zadanie ma już {limit} wiadomości, najwięcej, ile może: to ogłoszenia, nie czat',
  },
  cannotPause: {
    en: 'This assignment cannot be paused: it is paused already, or closed',
    uk: 'Це завдання не можна призупинити: воно вже призупинене або закрите',
    ru: 'Это задание нельзя приостановить: оно уже приостановлено или закрыто',
    pl: 'Tego zadania nie można wstrzymać: jest już wstrzymane albo zamknięte',
  },
  notPaused: {
    en: 'This assignment is not paused',
    uk: 'Це завдання не призупинене',
    ru: 'Это задание не приостановлено',
    pl: 'To zadanie nie jest wstrzymane',
  },
} satisfies Record<string, Record<Locale, string>>;
