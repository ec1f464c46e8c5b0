/**
 * buildApp: the whole HTTP application, assembled from its dependencies so that tests, the
 * server and benchmarks build the same thing with their own database, clock and settings.
 */
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { LIMITS } from '@stationbid/domain';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig, DeliveryConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import { OutageLog } from './jobs/outage-log.ts';
import { type OutboxSenders, OutboxWorker } from './jobs/outbox-worker.ts';
import { ReminderScheduler } from './jobs/reminder-scheduler.ts';
import { TurnClock } from './jobs/turn-clock.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { adminDashboardRoutes } from './modules/admin-dashboard/admin-dashboard.routes.ts';
import { AdminDashboardService } from './modules/admin-dashboard/admin-dashboard.service.ts';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes.ts';
import { AdminUsersService } from './modules/admin-users/admin-users.service.ts';
import { ImportJobsService } from './modules/admin-users/import-jobs.service.ts';
import { MemberImportService } from './modules/admin-users/member-import.service.ts';
import { MemberImportJobsService } from './modules/admin-users/member-import-jobs.service.ts';
import { ApiTokenUses } from './modules/api-tokens/api-token-uses.ts';
import { apiTokenRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import { ApiTokensService } from './modules/api-tokens/api-tokens.service.ts';
import { adminSignInRoutes, authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { MemberCache, registerMemberCache } from './modules/auth/member-cache.ts';
import { AccessTokens } from './modules/auth/tokens.ts';
import { bidSheetRoutes } from './modules/bid-sheet/bid-sheet.routes.ts';
import { BidSheetService } from './modules/bid-sheet/bid-sheet.service.ts';
import { calendarFeedRoutes, memberCalendarRoutes, rotationRoutes } from './modules/calendar/calendar.routes.ts';
import { CalendarService } from './modules/calendar/calendar.service.ts';
import { certificationRoutes } from './modules/certifications/certifications.routes.ts';
import { CertificationsService } from './modules/certifications/certifications.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { ChatService } from './modules/chat/chat.service.ts';
import { DeliveryStatusService } from './modules/delivery/delivery-status.service.ts';
import { createEmailSender, createSmsSender } from './modules/delivery/message-senders.ts';
import {
  adminDepartmentSettingsRoutes,
  departmentSettingsRoutes,
} from './modules/department-settings/department-settings.routes.ts';
import { DepartmentSettingsService } from './modules/department-settings/department-settings.service.ts';
import { DepartmentZone } from './modules/department-settings/department-zone.ts';
import { pingDatabase } from './modules/health/health.repository.ts';
import { healthRoutes, READY_DATABASE_TIMEOUT_MS } from './modules/health/health.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { LiveService } from './modules/live/live.service.ts';
import { LiveEventBus } from './modules/live/live-event-bus.ts';
import { notificationSettingsRoutes } from './modules/notification-settings/notification-settings.routes.ts';
import {
  NotificationManagementService,
  NotificationSettingsService,
} from './modules/notification-settings/notification-settings.service.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { preferencesRoutes } from './modules/preferences/preferences.routes.ts';
import { PreferencesService } from './modules/preferences/preferences.service.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { PushService } from './modules/push/push.service.ts';
import { createPushSender, vapidSubject } from './modules/push/push-sender.ts';
import { rosterSyncRoutes } from './modules/roster-sync/roster-sync.routes.ts';
import { RosterSyncService } from './modules/roster-sync/roster-sync.service.ts';
import { adminSeniorityRuleRoutes } from './modules/seniority-rule/seniority-rule.routes.ts';
import { SeniorityRuleService } from './modules/seniority-rule/seniority-rule.service.ts';
import { completedSessionAdminRoutes, sessionAdminRoutes } from './modules/session-admin/session-admin.routes.ts';
import { SessionManagementService } from './modules/session-admin/session-management.service.ts';
import { EngineStateCache } from './modules/session-engine/engine-state-cache.ts';
import { RevalidationMemo } from './modules/session-engine/revalidation-memo.ts';
import { sessionActionRoutes } from './modules/session-engine/session-actions.routes.ts';
import { SessionEngineService } from './modules/session-engine/session-engine.service.ts';
import { SessionReadCache } from './modules/session-engine/session-read-cache.ts';
import { SessionVersionTracker } from './modules/session-engine/session-versions.ts';
import { queueEngineStepMessages } from './modules/session-messages/engine-step-messages.ts';
import { sessionMessagesRoutes } from './modules/session-messages/session-messages.routes.ts';
import { SessionMessagesService } from './modules/session-messages/session-messages.service.ts';
import { sessionRecordRoutes } from './modules/session-record/session-record.routes.ts';
import { SessionRecordService } from './modules/session-record/session-record.service.ts';
import { registerEarlyRevalidation } from './modules/session-room/early-revalidation.ts';
import { memberBidStatusRoutes } from './modules/session-room/member-bid-status.routes.ts';
import { SessionBoardService } from './modules/session-room/session-board.service.ts';
import { SessionForecastService } from './modules/session-room/session-forecast.service.ts';
import { sessionRoomRoutes } from './modules/session-room/session-room.routes.ts';
import { SessionRoomService } from './modules/session-room/session-room.service.ts';
import { adminSingleSignOnRoutes, singleSignOnRoutes } from './modules/single-sign-on/single-sign-on.routes.ts';
import { SingleSignOnService } from './modules/single-sign-on/single-sign-on.service.ts';
import { stationImportRoutes, stationRoutes } from './modules/stations/stations.routes.ts';
import { StationsService } from './modules/stations/stations.service.ts';
import { SeenMembers } from './modules/users/seen-members.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { createWebhookSender } from './modules/webhooks/webhook-sender.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { WebhooksService } from './modules/webhooks/webhooks.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { httpsOnlyHsts } from './plugins/https-only-hsts.ts';
import { registerInputCheck } from './plugins/input-check.ts';
import { createRequestLogController } from './plugins/logging.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';

export type AppSettings = Pick<
  AppConfig,
  'jwtSecret' | 'allowSelfRegistration' | 'corsOrigins' | 'webDistDir' | 'trustProxy' | 'oidc'
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Processes expired turns and scheduled starts: `start()` for a timer, `tick()` in tests. */
    turnClock: TurnClock;
    /** Delivers queued e-mail and SMS: `start()` for a timer (server.ts), `tick()` in tests. */
    outboxWorker: OutboxWorker;
    /** Delivery configuration, counts and recent failures, for the admin status screen. */
    deliveryStatus: DeliveryStatusService;
    /** Queues the 5-minute and day-before reminders: `start()` for a timer (server.ts), `tick()` in tests. */
    reminderScheduler: ReminderScheduler;
    /** Writes who was seen, in batches: `start()` for a timer (server.ts), `tick()` in tests; flushed at close. */
    seenMembers: SeenMembers;
    /**
     * One report per outage, shared by the jobs, the error handler and the health probes: a
     * database outage is one error line, a reminder a minute and one line when it ends.
     */
    outageLog: OutageLog;
    /** Every route registered (method and path), for the authorization matrix (route-access.ts). */
    registeredRoutes: readonly { method: string; url: string }[];
  }
}

export interface AppDependencies {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  settings: AppSettings;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** E-mail and SMS settings; without them nothing is delivered and messages stay queued. */
  delivery?: DeliveryConfig;
  /** Replaces the senders built from `delivery` (tests); push is added unless it names its own. */
  outboxSenders?: OutboxSenders;
  /**
   * Push subscriptions may name http://localhost and http://127.0.0.1 endpoints (a stand-in push
   * service in tests and development). Off unless asked for; server.ts asks outside production.
   */
  allowLocalPushEndpoints?: boolean;
  /** Replaces PUSH_TIMEOUT_MS (tests of endpoints that never answer). */
  pushTimeoutMs?: number;
  /**
   * Webhook endpoints may be http://localhost and http://127.0.0.1 (a receiver in tests and
   * development), as push endpoints; off unless asked for, and server.ts asks outside production only.
   */
  allowLocalWebhookEndpoints?: boolean;
  /** Replaces WEBHOOK_TIMEOUT_MS (tests of endpoints that never answer). */
  webhookTimeoutMs?: number;
  /** The level of the one line per request: `debug` unless LOG_REQUESTS=1 asks for `info`. */
  requestLogLevel?: 'debug' | 'info';
  /** How old a session's counters known in memory may be (SESSION_VERSIONS_MAX_AGE_MS by default). */
  sessionVersionsMaxAgeMs?: number;
  /** Replaces SERVER_TIMEOUTS (tests that cannot wait a minute). */
  timeouts?: { requestTimeoutMs: number; connectionTimeoutMs: number };
}

/**
 * Timeouts against clients that hold connections open (issue 13, finding 8). `requestTimeoutMs`
 * bounds receiving a whole request (headers and body: a spreadsheet upload included), so a client
 * sending a byte at a time is cut off. `connectionTimeoutMs` closes a socket silent that long in
 * both directions; the live stream writes a heartbeat every 15 s, so it is never silent that long.
 */
export const SERVER_TIMEOUTS = { requestTimeoutMs: 60_000, connectionTimeoutMs: 60_000 } as const;

const NO_DELIVERY: DeliveryConfig = {
  publicWebUrl: 'http://localhost:5000',
  departmentTimeZone: 'UTC',
  email: undefined,
  sms: undefined,
};

function buildOutboxSenders(delivery: DeliveryConfig): OutboxSenders {
  return {
    ...(delivery.email ? { email: createEmailSender(delivery.email, delivery.publicWebUrl) } : {}),
    ...(delivery.sms ? { sms: createSmsSender(delivery.sms, delivery.publicWebUrl) } : {}),
  };
}

/** Content Security Policy that the built web app satisfies: everything from this origin. */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine sets inline style attributes for layout; no inline scripts are needed.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * What a configured origin (CORS_ORIGIN) may send and read: every method the API uses, the
 * headers of the web client (a bearer token, JSON, conditional board reads) and the ETag it
 * compares. Without this the preflight allowed GET, HEAD and POST only, so PUT and DELETE failed.
 */
export const CORS_POLICY = {
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
  exposedHeaders: ['ETag'],
  maxAge: 600,
};

/**
 * Keys the server makes for itself on a database's first start. A database that does not answer
 * yet must not keep the app from starting (GET /api/health then reports it): the key is made at its
 * first use instead, which retries.
 */
function makeKeysAtStart(app: FastifyInstance, what: string, make: () => Promise<unknown>): void {
  app.addHook('onReady', async () => {
    try {
      await make();
    } catch (error) {
      app.log.warn(
        { err: error },
        `${what}: not made at start (the database did not answer); made at first use instead`,
      );
    }
  });
}

export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { db, settings } = dependencies;
  const clock = dependencies.clock ?? systemClock;
  const app = Fastify({
    logger: dependencies.logger ?? false,
    trustProxy: settings.trustProxy,
    // Request lines at `debug` (or `info`), with tickets and tokens redacted from URLs (plugins/logging.ts).
    logController: createRequestLogController(dependencies.requestLogLevel ?? 'debug'),
    requestTimeout: (dependencies.timeouts ?? SERVER_TIMEOUTS).requestTimeoutMs,
    connectionTimeout: (dependencies.timeouts ?? SERVER_TIMEOUTS).connectionTimeoutMs,
    // Request bodies are JSON forms; spreadsheets come through multipart with their own limit.
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // While it lasts, the outage log asks the database itself once a second, so its end is logged
  // even when no job runs.
  const outageLog = new OutageLog(app.log, { probe: () => pingDatabase(db, READY_DATABASE_TIMEOUT_MS) });
  app.decorate('outageLog', outageLog);
  app.addHook('onClose', async () => outageLog.stop());
  registerErrorHandler(app, outageLog);
  registerInputCheck(app);
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });

  // HSTS only over HTTPS: helmet would send it on every answer (plugins/https-only-hsts.ts).
  await app.register(securityHeaders, {
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  await app.register(httpsOnlyHsts);
  if (settings.corsOrigins.length > 0) {
    await app.register(cors, { origin: settings.corsOrigins, credentials: true, ...CORS_POLICY });
  }
  // Spreadsheet imports: one file per request, refused above the import limit.
  await app.register(multipart, { limits: { fileSize: LIMITS.importFileMaxBytes + 1, files: 1, fields: 5 } });
  await registerOpenApi(app);

  // Live events and access changes of every server process (NOTIFY on PostgreSQL). The member
  // cache listens first, so whatever else hears an access change reads past what it made stale.
  // The listener retries every second: its failures while the database is down join the outage's report.
  const bus = new LiveEventBus({ db, databaseKind: dependencies.databaseKind, log: outageLog.folding(app.log) });
  const memberCache = new MemberCache(db, clock, bus);
  bus.subscribeAccessChanges((changes) => memberCache.apply(changes));
  const unregisterMemberCache = registerMemberCache(db, memberCache);
  // Like the turn clock: started by the server process only; what is left is written at close.
  const seenMembers = new SeenMembers(db, app.log);
  seenMembers.reportOutagesTo(outageLog);
  app.decorate('seenMembers', seenMembers);
  const accessTokens = new AccessTokens(settings.jwtSecret);
  // Integrations' API tokens: each use is written at most once a minute; writes under way finish before the database closes.
  const apiTokenUses = new ApiTokenUses(db, app.log);
  app.addHook('preClose', async () => apiTokenUses.settle());
  const apiTokensService = new ApiTokensService(db, clock, apiTokenUses);
  await app.register(authPlugin, { clock, accessTokens, memberCache, seenMembers, apiTokens: apiTokensService });
  // Each session's counters in memory (decision 014): forgotten at the commit of every step of this
  // process (the engine's publish, below), at the events of another process's, and after every
  // request that may have written, once its handler is done.
  const sessionVersions = new SessionVersionTracker(db, dependencies.sessionVersionsMaxAgeMs);
  bus.subscribe((events) => {
    if (events.some((event) => event.type === 'session.changed')) sessionVersions.forgetAll();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') sessionVersions.forgetAll();
    done(null, payload);
  });
  // Polls answered 304 before their route while memory can tell (decision 016). Registered after
  // the security headers' and CORS's hooks, so such a 304 carries their headers; an access change
  // (sign-out, deactivation, role) sends every poll back to its route.
  const revalidationMemo = new RevalidationMemo(clock, sessionVersions);
  bus.subscribeAccessChanges(() => revalidationMemo.forgetAll());
  registerEarlyRevalidation(app, revalidationMemo);
  const authService = new AuthService(
    db,
    clock,
    accessTokens,
    app.log,
    settings.oidc ? { displayName: settings.oidc.displayName } : undefined,
  );
  const liveService = new LiveService({
    db,
    clock,
    log: outageLog.folding(app.log),
    jwtSecret: settings.jwtSecret,
    bus,
    memberCache,
    seenMembers,
  });
  app.decorate('live', liveService);
  app.addHook('onReady', async () => bus.start());
  // Streams closed, seen members written and listening stopped before the database closes.
  app.addHook('preClose', async () => {
    liveService.stop();
    await seenMembers.flushAndStop();
    await bus.stop();
    unregisterMemberCache();
  });
  const delivery = dependencies.delivery ?? NO_DELIVERY;
  // The engine's kept states and the shared reads of sessions (decisions 008 and 012): one of each
  // per app, so the board after a step reads what the step kept.
  const engineStateCache = new EngineStateCache();
  const sessionReadCache = new SessionReadCache(clock);
  // The department's time zone (issue 16): the administrators' setting, else DEPARTMENT_TIMEZONE.
  const departmentZone = new DepartmentZone(db, delivery.departmentTimeZone);
  const sessionEngine = new SessionEngineService(
    db,
    clock,
    app.log,
    (sessionId, step) => {
      // At once: the bus hands events to this process's listeners only after the current work.
      sessionVersions.forgetAll();
      liveService.publishStep(sessionId, step);
      // The step's notices (a turn starting, the next member) are in the outbox now.
      outboxWorker.wake();
    },
    (executor, step) => queueEngineStepMessages(executor, step, departmentZone.current()),
    engineStateCache,
    () => departmentZone.current(),
  );
  const sessionBoards = new SessionBoardService(db, clock, engineStateCache, sessionReadCache, sessionVersions);
  const sessionMessages = new SessionMessagesService(db, clock, app.log, () => departmentZone.current());
  app.decorate('sessionMessages', sessionMessages);
  // Like the turn clock: started by the server process only, stopped before the database closes.
  const reminderScheduler = new ReminderScheduler(sessionMessages, app.log, { outageLog });
  app.decorate('reminderScheduler', reminderScheduler);
  app.addHook('preClose', async () => reminderScheduler.stop());
  // Built with every app but started only by the server process (server.ts), so tests and
  // benchmarks move turns themselves; stopped before the database closes.
  const turnClock = new TurnClock(db, clock, sessionEngine, app.log, { outageLog });
  app.decorate('turnClock', turnClock);
  app.addHook('preClose', async () => turnClock.stop());
  // Like the turn clock: started by the server process only, stopped before the database closes.
  // Web Push needs no setting: the VAPID keys are the server's own, made at the first start (onReady).
  const pushService = new PushService(db, clock);
  makeKeysAtStart(app, 'the Web Push (VAPID) keys', () => pushService.vapidKeys());
  const pushSender = createPushSender(db, clock, {
    publicWebUrl: delivery.publicWebUrl,
    subject: vapidSubject({
      pushContact: delivery.pushContact,
      publicWebUrl: delivery.publicWebUrl,
      mailFrom: delivery.email?.from,
    }),
    vapidKeys: () => pushService.vapidKeys(),
    transport: {
      allowLoopback: dependencies.allowLocalPushEndpoints ?? false,
      ...(dependencies.pushTimeoutMs ? { timeoutMs: dependencies.pushTimeoutMs } : {}),
    },
  });
  // Webhooks need no setting either; session.completed carries the SHA-256 of the record the
  // session's download gives, read before its first attempt.
  const webhookRecords = new SessionRecordService(db, departmentZone);
  const webhookSender = createWebhookSender(db, clock, {
    allowLoopback: dependencies.allowLocalWebhookEndpoints ?? false,
    ...(dependencies.webhookTimeoutMs ? { timeoutMs: dependencies.webhookTimeoutMs } : {}),
    recordSha256: async (sessionId) => (await webhookRecords.recordFile({ id: '', isAdmin: true }, sessionId)).sha256,
  });
  const outboxWorker = new OutboxWorker(
    db,
    clock,
    { push: pushSender, webhook: webhookSender, ...(dependencies.outboxSenders ?? buildOutboxSenders(delivery)) },
    app.log,
    { outageLog },
  );
  app.decorate('outboxWorker', outboxWorker);
  app.addHook('preClose', async () => outboxWorker.stop());
  const deliveryStatus = new DeliveryStatusService(db, outboxWorker.configuredChannels);
  app.decorate('deliveryStatus', deliveryStatus);
  const isEmailConfigured = deliveryStatus.isConfigured('email');

  await app.register(
    async (api) => {
      await api.register(liveRoutes, { prefix: '/live', liveService });
      await api.register(healthRoutes, {
        db,
        clock,
        databaseKind: dependencies.databaseKind,
        turnClockStatus: () => turnClock.status,
        outageLog,
      });
      await api.register(authRoutes, {
        prefix: '/auth',
        authService,
        allowSelfRegistration: settings.allowSelfRegistration,
      });
      await api.register(adminSignInRoutes, { prefix: '/admin', authService });
      const singleSignOnService = new SingleSignOnService(
        db,
        clock,
        authService,
        settings.oidc,
        settings.jwtSecret,
        app.log,
        delivery.publicWebUrl,
      );
      await api.register(singleSignOnRoutes, { prefix: '/auth', singleSignOnService });
      await api.register(adminSingleSignOnRoutes, { prefix: '/admin', singleSignOnService });
      const stationsService = new StationsService(db, clock);
      await api.register(stationRoutes, { prefix: '/stations', stationsService });
      await api.register(stationImportRoutes, { prefix: '/admin', stationsService });
      await api.register(adminDashboardRoutes, {
        prefix: '/admin',
        adminDashboardService: new AdminDashboardService(db, clock, stationsService),
      });
      await api.register(usersRoutes, { prefix: '/users', usersService: new UsersService(db, clock, app.log) });
      await api.register(preferencesRoutes, { prefix: '/users', preferencesService: new PreferencesService(db) });
      const memberImportService = new MemberImportService(db, clock, app.log, { isEmailConfigured });
      // Import jobs run in this process: stopped between two chunks before the database closes.
      const importJobs = new ImportJobsService(db, clock, app.log);
      app.addHook('preClose', async () => importJobs.stop());
      await api.register(adminUsersRoutes, {
        prefix: '/admin',
        adminUsersService: new AdminUsersService(db, clock, app.log, { isEmailConfigured }),
        memberImportService,
        memberImportJobs: new MemberImportJobsService(importJobs, memberImportService),
      });
      await api.register(rosterSyncRoutes, {
        prefix: '/admin',
        rosterSync: new RosterSyncService(db, clock, app.log, memberImportService, importJobs),
      });
      await api.register(sessionActionRoutes, { prefix: '/bid-sessions', sessionEngine });
      const sessionRoom = new SessionRoomService(db, clock, sessionVersions, sessionReadCache, sessionBoards);
      const sessionManagement = new SessionManagementService(db, clock);
      const sessionForecasts = new SessionForecastService(db, clock, app.log, sessionVersions, sessionEngine);
      app.addHook('onClose', async () => sessionForecasts.close());
      await api.register(sessionRoomRoutes, {
        prefix: '/bid-sessions',
        sessionRoom,
        sessionBoards,
        sessionForecasts,
        revalidationMemo,
        departmentTimeZone: () => departmentZone.current(),
      });
      await api.register(sessionAdminRoutes, {
        prefix: '/bid-sessions',
        sessionManagement,
        sessionRoom,
        clock,
        departmentTimeZone: () => departmentZone.current(),
      });
      await api.register(sessionMessagesRoutes, { prefix: '/bid-sessions', sessionMessages });
      // The record-signing key is created at the first start on a database (issue 16).
      const sessionRecordService = new SessionRecordService(db, departmentZone);
      makeKeysAtStart(app, 'the record-signing key', () => sessionRecordService.signingKey());
      await api.register(sessionRecordRoutes, { sessionRecordService });
      await api.register(bidSheetRoutes, {
        prefix: '/bid-sessions',
        bidSheetService: new BidSheetService(sessionRoom, sessionRecordService, departmentZone),
        clock,
      });
      await api.register(completedSessionAdminRoutes, { prefix: '/admin', sessionManagement });
      await api.register(memberBidStatusRoutes, { prefix: '/users', sessionRoom });
      await api.register(notificationsRoutes, {
        prefix: '/users',
        notificationsService: new NotificationsService(db, clock),
      });
      await api.register(pushRoutes, {
        prefix: '/push',
        pushService,
        allowLocalEndpoints: dependencies.allowLocalPushEndpoints ?? false,
      });
      await api.register(notificationSettingsRoutes, {
        prefix: '/notifications',
        notificationSettingsService: new NotificationSettingsService(db, clock),
        notificationManagementService: new NotificationManagementService(db, deliveryStatus, sessionMessages),
      });
      // The member's calendar (issue 16): a public feed per member, its address, and the rotation.
      const calendarService = new CalendarService(db, clock, {
        publicWebUrl: delivery.publicWebUrl,
        departmentZone,
      });
      await api.register(calendarFeedRoutes, { prefix: '/calendar', calendarService });
      await api.register(memberCalendarRoutes, { prefix: '/users', calendarService });
      await api.register(rotationRoutes, { prefix: '/admin', calendarService });
      const departmentSettingsService = new DepartmentSettingsService(db, clock, departmentZone);
      await api.register(departmentSettingsRoutes, { departmentSettingsService });
      await api.register(adminDepartmentSettingsRoutes, { prefix: '/admin', departmentSettingsService });
      await api.register(certificationRoutes, {
        prefix: '/admin/certifications',
        certificationsService: new CertificationsService(db, clock),
      });
      await api.register(adminSeniorityRuleRoutes, {
        prefix: '/admin',
        seniorityRuleService: new SeniorityRuleService(db, clock),
      });
      await api.register(apiTokenRoutes, { prefix: '/admin/api-tokens', apiTokensService });
      await api.register(webhookRoutes, {
        prefix: '/admin/webhooks',
        webhooksService: new WebhooksService(db, clock, () => outboxWorker.wake()),
        allowLocalEndpoints: dependencies.allowLocalWebhookEndpoints ?? false,
      });
      await api.register(chatRoutes, {
        prefix: '/chat',
        chatService: new ChatService(db, clock, (event) => liveService.publish(event)),
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, settings.webDistDir);
  return app;
}
