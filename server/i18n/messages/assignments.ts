/** Assignments: finding one by its code, and what can be given to takers. */
export const assignmentsMessages = {
  assignmentNotFound: {
    en: 'There is no assignment with this code. Check the code and try again',
    uk: 'Завдання з таким кодом немає. Перевірте код і спробуйте ще раз',
    ru: 'Задания с таким кодом нет. Проверьте код и попробуйте ещё раз',
    pl: 'Nie ma zadania z takim kodem. Sprawdź kod i spróbuj ponownie',
  },
  assignOnlyPublished: {
    en: 'Only a published test can be given to takers: publish it first',
    uk: 'Видати можна лише опублікований тест: спершу опублікуйте його',
    ru: 'Выдать можно только опубликованный тест: сначала опубликуйте его',
    pl: 'Zadać można tylko opublikowany test: najpierw go opublikuj',
  },
  noSuchCatalogLesson: {
    en: 'There is no such lesson in the catalog',
    uk: 'У каталозі немає такого уроку',
    ru: 'В каталоге нет такого урока',
    pl: 'W katalogu nie ma takiej lekcji',
  },
};
