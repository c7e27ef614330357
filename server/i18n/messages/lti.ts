/** LTI 1.3: platform registrations and the trade of a launch for its account. */
import type { Locale } from '../../../contract/locale.ts';

export const ltiMessages = {
  ltiNotAdmin: {
    en: 'Only the administrators this server names may register learning platforms',
    uk: 'Реєструвати навчальні платформи можуть лише адміністратори, яких назначено на цьому сервері',
    ru: 'Регистрировать учебные платформы могут только администраторы, назначенные на этом сервере',
    pl: 'Platformy edukacyjne mogą rejestrować tylko administratorzy wskazani na tym serwerze',
  },
  ltiNotUrl: {
    en: 'Must be a web address',
    uk: 'Має бути веб-адресою',
    ru: 'Должно быть веб-адресом',
    pl: 'Musi być adresem internetowym',
  },
  ltiNotHttps: {
    en: 'Must be an https:// address',
    uk: 'Має бути адресою https://',
    ru: 'Должно быть адресом https://',
    pl: 'Musi być adresem https://',
  },
  ltiDeploymentRepeated: {
    en: 'Each deployment once',
    uk: 'Кожне розгортання — один раз',
    ru: 'Каждое развёртывание — один раз',
    pl: 'Każde wdrożenie tylko raz',
  },
  ltiPlatformTaken: {
    en: 'This platform is registered already with this client id',
    uk: 'Цю платформу вже зареєстровано з цим ідентифікатором клієнта',
    ru: 'Эта платформа уже зарегистрирована с этим идентификатором клиента',
    pl: 'Ta platforma jest już zarejestrowana z tym identyfikatorem klienta',
  },
  ltiPlatformNotFound: {
    en: 'No such platform registration',
    uk: 'Такої реєстрації платформи немає',
    ru: 'Такой регистрации платформы нет',
    pl: 'Nie ma takiej rejestracji platformy',
  },
  ltiRegistrationLinkInvalid: {
    en: 'This registration address was used already or has expired: make a new one in Zalik',
    uk: 'Цю адресу реєстрації вже використано або вона застаріла: створіть нову в Zalik',
    ru: 'Этот адрес регистрации уже использован или устарел: создайте новый в Zalik',
    pl: 'Ten adres rejestracji został już użyty lub wygasł: utwórz nowy w Zaliku',
  },
  ltiConfigurationUnreadable: {
    en: "The platform's configuration could not be read ({reason})",
    uk: 'Не вдалося прочитати конфігурацію платформи ({reason})',
    ru: 'Не удалось прочитать конфигурацию платформы ({reason})',
    pl: 'Nie udało się odczytać konfiguracji platformy ({reason})',
  },
  ltiRegistrationRefused: {
    en: 'The platform did not accept the registration (answer {status})',
    uk: 'Платформа не прийняла реєстрацію (відповідь {status})',
    ru: 'Платформа не приняла регистрацию (ответ {status})',
    pl: 'Platforma nie przyjęła rejestracji (odpowiedź {status})',
  },
  ltiHandoffInvalid: {
    en: 'This sign-in from your learning platform was used already or has expired: open the activity again from your course',
    uk: 'Цей вхід із вашої навчальної платформи вже використано або він застарів: відкрийте активність ще раз зі свого курсу',
    ru: 'Этот вход из вашей учебной платформы уже использован или устарел: откройте активность ещё раз из своего курса',
    pl: 'To logowanie z Twojej platformy edukacyjnej zostało już użyte lub wygasło: otwórz aktywność ponownie ze swojego kursu',
  },
  ltiDeepLinkNotFound: {
    en: 'No such request to add an activity: open “add an activity” in your course again',
    uk: 'Такого запиту на додавання активності немає: відкрийте «додати активність» у своєму курсі ще раз',
    ru: 'Такого запроса на добавление активности нет: откройте «добавить активность» в своём курсе ещё раз',
    pl: 'Nie ma takiej prośby o dodanie aktywności: otwórz ponownie „dodaj aktywność” w swoim kursie',
  },
  ltiDeepLinkExpired: {
    en: 'This request to add an activity has expired: open “add an activity” in your course again',
    uk: 'Цей запит на додавання активності застарів: відкрийте «додати активність» у своєму курсі ще раз',
    ru: 'Этот запрос на добавление активности устарел: откройте «добавить активность» в своём курсе ещё раз',
    pl: 'Ta prośba o dodanie aktywności wygasła: otwórz ponownie „dodaj aktywność” w swoim kursie',
  },
  ltiDeepLinkUsed: {
    en: 'A test was added with this request already',
    uk: 'За цим запитом тест уже додано',
    ru: 'По этому запросу тест уже добавлен',
    pl: 'Test został już dodany w ramach tej prośby',
  },
} satisfies Record<string, Record<Locale, string>>;
