/** Answers of the operator's routes (`/metrics`). */
export const operationsMessages = {
  metricsOff: {
    en: 'Metrics are off on this server (set METRICS_TOKEN to turn them on)',
    uk: 'Метрики на цьому сервері вимкнено (щоб увімкнути, задайте METRICS_TOKEN)',
    ru: 'Метрики на этом сервере выключены (чтобы включить, задайте METRICS_TOKEN)',
    pl: 'Metryki są na tym serwerze wyłączone (ustaw METRICS_TOKEN, aby je włączyć)',
  },
  metricsToken: {
    en: 'Metrics need the metrics token: Authorization: Bearer <METRICS_TOKEN>',
    uk: 'Для метрик потрібен токен метрик: Authorization: Bearer <METRICS_TOKEN>',
    ru: 'Для метрик нужен токен метрик: Authorization: Bearer <METRICS_TOKEN>',
    pl: 'Metryki wymagają tokenu metryk: Authorization: Bearer <METRICS_TOKEN>',
  },
};
