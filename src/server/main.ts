/**
 * Process entry: reads the configuration, seeds demo logins in demo mode, builds the server
 * and listens. `npm start` runs this after building the client. Production mode refuses to
 * start without SMTP_URL or on simulated prices unless ALLOW_SIMULATED_PRICES=1.
 */
import { loadConfig } from './config.js';
import { buildServer } from './app.js';
import { seedDemo } from './demo/seed.js';
import { offsetClock, systemClock } from './clock.js';
import closeWithGrace from 'close-with-grace';

/** How long a closing server may take (ms) before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
const clock = config.mode === 'demo' && process.env.CLOCK_START ? offsetClock(process.env.CLOCK_START, Number(process.env.CLOCK_START_AT) || undefined) : systemClock;
const server = await buildServer(config, { strictScreens: true, clock });
// In a cluster only the first worker seeds (NIVESH_SEED=0 for the others).
const demo = config.mode === 'demo' && process.env.NIVESH_SEED !== '0' ? await seedDemo(server.deps) : null;
await server.app.listen({ port: config.port, host: config.host });

const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${config.port}`;
const lines = [`Nivesh is running at ${url} (listening on ${config.host}:${config.port}, ${config.mode} mode)`];
if (demo) {
  const local = config.host === '127.0.0.1' || config.host === 'localhost' || config.host === '::1';
  lines.push(
    `  DEMO MODE exposes: seeded logins (below), a local mailbox of investors' codes at ${url}/dev/mailbox`,
    `  (loopback clients only; operator codes are printed in this log), simulated prices, an auto-generated identity key.`,
    local ? `  Listening on this machine only; set HOST=0.0.0.0 to expose it on the network.` : `  WARNING: HOST=${config.host} exposes the demo to the network — do not use demo mode for real money.`,
    `  demo investor: ${demo.investor.email} / ${demo.investor.password}`,
    `  operator:      ${demo.operator.email} / ${demo.operator.password}`,
    `  editor:        ${demo.editor.email} / ${demo.editor.password}  (studio at ${url}/studio)`,
    `  credentials also in ${config.dataDir}/demo-credentials.json`,
  );
  if (config.staffTotp) lines.push(`  STAFF_TOTP=required: operator and editor sign in with a TOTP code; their secrets (totpSecret) are in demo-credentials.json.`);
} else if (config.allowSimulatedPrices && !server.market.feed.provider.info.real) {
  lines.push(`  ALLOW_SIMULATED_PRICES=1: running on ${config.market.provider} prices; every screen says "Simulated prices".`);
}
if (process.env.NIVESH_SEED !== '0') console.log(lines.join('\n'));

// SIGINT or SIGTERM closes the server (jobs, HTTP, market, cluster links, database) and exits;
// a close that has not finished after SHUTDOWN_GRACE_MS is cut short (exit code 1), so a
// stopped process never lingers on a connection that will not close. Errors keep Node's own
// handling (the process ends at once with the error).
closeWithGrace({ delay: SHUTDOWN_GRACE_MS, skip: ['uncaughtException', 'unhandledRejection'] }, async () => {
  await server.close();
});
