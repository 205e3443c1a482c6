/**
 * Runs the demo application: `MP_URL=http://127.0.0.1:8080 DEMO_CLIENT_ID=… DEMO_CLIENT_SECRET=… DEMO_PORT=3100
 * npm start -w examples/demo-app` (examples/demo-app/README.md).
 */
import { DemoApp } from './app.js';

const need = (name: string): string => {
  const v = process.env[name];
  if (!v) {
    console.error(`set ${name} (see examples/demo-app/README.md)`);
    process.exit(2);
  }
  return v;
};

const app = await new DemoApp({
  platformUrl: need('MP_URL'),
  clientId: need('DEMO_CLIENT_ID'),
  clientSecret: need('DEMO_CLIENT_SECRET'),
  port: Number(process.env.DEMO_PORT ?? 3100),
  syncIntervalMs: Number(process.env.DEMO_SYNC_MS ?? 10_000),
}).listen();
console.log(`demo application on ${app.url} (register ${app.redirectUri} as the client's redirect URI)`);
