// Configuration from the environment, read once. Every knob is documented in docs/operations.md.
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  /** Seed the demo tenant: always on the embedded database, with DEMO=1 on PostgreSQL. */
  demo: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** Where the public contact form's messages go. */
  contactTo: string;
  /** Public address of the web app, used in emailed links. */
  publicUrl: string;
  /** Size of the demo corpus generated on a fresh demo database. */
  demoClips: number;
  demoDays: number;
  /** Turn the live post simulator on (default: on in embedded mode). */
  simulator: boolean;
  webDist: string;
  logLevel: string;
  loginRateLimit: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || null;
  const port = Number(env.PORT ?? 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    demo: databaseUrl ? env.DEMO === '1' : env.DEMO !== '0',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Listening <no-reply@listening.local>',
    contactTo: env.CONTACT_TO ?? 'focal-points@listening.local',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    demoClips: Number(env.DEMO_CLIPS ?? 200_000),
    demoDays: Number(env.DEMO_DAYS ?? 90),
    simulator: env.SIMULATOR ? env.SIMULATOR === '1' : !databaseUrl,
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'info',
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
  };
}
