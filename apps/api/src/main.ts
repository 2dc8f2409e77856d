/** Entry point of the API server (`npm start` runs it after building the web app). */
import { loadConfig } from './config.js';
import { closeApp, openApp } from './app.js';
import { buildServer } from './server.js';

const started = Date.now();
const say = (message: string) => console.log(`[catchment] ${message}`);

async function main(): Promise<void> {
  const config = loadConfig();
  const ctx = await openApp(config, say);
  // One line per request only when debugging: at info the console shows our start-up steps and errors.
  const app = await buildServer(ctx, { logger: { level: config.logLevel }, requestLogging: ['debug', 'trace'].includes(config.logLevel) });
  const shutdown = async () => {
    say('Shutting down');
    await app.close();
    await closeApp(ctx);
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  say(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${config.publicUrl}/app (database: ${ctx.database.kind})`);
}

main().catch((error: unknown) => {
  console.error('[catchment] Start-up failed:', error);
  process.exit(1);
});
