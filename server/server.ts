/** Starts Zalik: validates the environment, prepares the database, listens, and stops cleanly. */
import { buildApp } from './app.ts';
import { bootstrapDatabase } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { loggerOptions } from './logging.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = createDatabase(config);
const { migrations, seeded } = await bootstrapDatabase(database);
const app = await buildApp({ config, database, logger: loggerOptions(config.logLevel) });
app.log.info({ database: database.location, migrations, seeded }, 'database ready');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // Stop accepting, answer what was already sent, then close and release the database.
  await app.drain();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
