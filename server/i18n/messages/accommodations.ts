/** What the standing accommodations' calls say when they refuse (contract/accommodations.ts). */
import type { Locale } from '../../../contract/index.ts';

export const accommodationsMessages = {
  /** Any account that did not take one of the tutor's tests reads the same: a tutor learns nothing of accounts. */
  notOneOfYourTakers: {
    en: 'This student has not taken any of your tests signed in: name them by e-mail instead',
    uk: 'Цей учень не складав жодного вашого тесту, увійшовши в обліковий запис: вкажіть його за e-mail',
    ru: 'Этот ученик не проходил ни одного вашего теста, войдя в учётную запись: укажите его по e-mail',
    pl: 'Ten uczeń nie rozwiązywał żadnego z twoich testów po zalogowaniu: wskaż go przez e-mail',
  },
  noSuchAccommodation: {
    en: 'There is no such accommodation',
    uk: 'Таких особливих умов немає',
    ru: 'Таких особых условий нет',
    pl: 'Nie ma takiego dostosowania warunków',
  },
  tooManyAccommodations: {
    en: 'You keep {limit} accommodations, the most one tutor may: remove one you no longer need first',
    uk: 'У вас уже {limit} особливих умов — найбільше, що може мати викладач: спершу приберіть непотрібні',
    ru: 'У вас уже {limit} особых условий — больше преподавателю нельзя: сначала уберите ненужные',
    pl: 'Masz już {limit} dostosowań, najwięcej, ile może mieć nauczyciel: najpierw usuń niepotrzebne',
  },
} satisfies Record<string, Record<Locale, string>>;
