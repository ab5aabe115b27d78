/**
 * Process entry: reads the configuration, seeds demo logins in demo mode, builds the server
 * and listens. `npm start` runs this after building the client.
 */
import { loadConfig } from './config.js';
import { buildServer } from './app.js';
import { seedDemo } from './seed.js';
import { offsetClock, systemClock } from './clock.js';

const config = loadConfig();
const clock = config.mode === 'demo' && process.env.CLOCK_START ? offsetClock(process.env.CLOCK_START) : systemClock;
const server = await buildServer(config, { strictScreens: true, clock });
const demo = config.mode === 'demo' ? await seedDemo(server.deps) : null;
await server.app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
const lines = [`Nivesh is running at ${url}`];
if (demo) {
  lines.push(
    `  demo investor: ${demo.investor.email} / ${demo.investor.password}`,
    `  operator:      ${demo.operator.email} / ${demo.operator.password}`,
    `  demo mailbox:  ${url}/dev/mailbox  (credentials also in ${config.dataDir}/demo-credentials.json)`,
  );
}
console.log(lines.join('\n'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().finally(() => process.exit(0));
  });
}
