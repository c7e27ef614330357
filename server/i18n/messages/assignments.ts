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
  assignmentClosed: {
    en: 'This assignment is closed: it can no longer be taken',
    uk: 'Це завдання закрито: його вже не можна виконати',
    ru: 'Это задание закрыто: его уже нельзя выполнить',
    pl: 'To zadanie jest zamknięte: nie można go już rozwiązać',
  },
  assignmentNotOpenYet: {
    en: 'This assignment is not open yet',
    uk: 'Це завдання ще не відкрито',
    ru: 'Это задание ещё не открыто',
    pl: 'To zadanie nie jest jeszcze otwarte',
  },
  assignmentWaitsForStart: {
    en: 'This assignment starts when your tutor gives the signal',
    uk: 'Це завдання почнеться, коли викладач дасть сигнал',
    ru: 'Это задание начнётся, когда преподаватель даст сигнал',
    pl: 'To zadanie zacznie się, gdy nauczyciel da sygnał',
  },
  assignmentForStudents: {
    en: 'Only signed-in students can take this assignment. Sign in with a student account',
    uk: 'Це завдання можуть виконувати лише студенти, що увійшли. Увійдіть з обліковим записом студента',
    ru: 'Это задание могут выполнять только вошедшие студенты. Войдите с учётной записью студента',
    pl: 'To zadanie mogą rozwiązywać tylko zalogowani uczniowie. Zaloguj się na konto ucznia',
  },
  displayNameNeeded: {
    en: 'Type your name: your tutor sees your results under it',
    uk: 'Введіть своє ім’я: під ним викладач бачитиме ваші результати',
    ru: 'Введите своё имя: под ним преподаватель увидит ваши результаты',
    pl: 'Wpisz swoje imię: pod nim nauczyciel zobaczy twoje wyniki',
  },
  noAttemptsLeft: {
    en: 'You have used all {attempts} attempts of this assignment',
    uk: 'Ви використали всі спроби цього завдання ({attempts})',
    ru: 'Вы использовали все попытки этого задания ({attempts})',
    pl: 'Wykorzystano wszystkie próby tego zadania ({attempts})',
  },
};
