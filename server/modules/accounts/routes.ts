import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, EMAIL_CHANGE_MESSAGES } from '../../../common/messages/accounts.ts';
import { apiRoutes } from '../../http/api-scope.ts';
import { clientIdOf } from '../../http/client-id.ts';
import { detailSchema } from '../../http/common-responses.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { requireUser } from './auth.ts';
import { cancelEmailChange, confirmEmailChange, secureAccount } from './email-change.ts';
import { useUnlockLink } from './login-throttle.ts';
import { emailConfirmedSchema } from './responses.ts';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  tokenParamsSchema,
} from './schemas.ts';
import { activate, forgotPassword, login, register, resetPassword } from './service.ts';
import { SESSION_COOKIE, SESSION_LIFETIME_MS, SIGNED_IN_HINT_COOKIE, sessionCookieName } from './sessions.ts';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_PATH,
  DEVICE_LIFETIME_MS,
  deviceCookie,
  readDeviceCookie,
} from './trusted-device.ts';
import type { UserAnswer } from './user-answer.ts';

type AccountsRoutesOptions = Pick<
  Services,
  'db' | 'mailer' | 'sessions' | 'publicUrl' | 'afterAnswer' | 'publish' | 'secureCookies' | 'secret'
> & { userAnswer: UserAnswer };

const accountsApi: FastifyPluginAsync<AccountsRoutesOptions> = async (app, options) => {
  const { secureCookies, secret, userAnswer, ...deps } = options;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies } as const;
  const sessionCookie = sessionCookieName(secureCookies);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const clientOf = (request: FastifyRequest) => clientIdOf(secret, request);
  const trustDevice = (reply: FastifyReply, userId: number) =>
    reply.setCookie(DEVICE_COOKIE, deviceCookie(secret, userId), {
      ...cookieOptions,
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_LIFETIME_MS / 1000,
    });

  app.post(
    '/auth/register/',
    doc({
      summary:
        'Create an account; an activation link is e-mailed (the same answer whether or not the address is taken)',
      body: registerSchema,
      responses: { 201: { description: 'Registered; check the mailbox.', schema: detailSchema } },
    }),
    async (request, reply) => {
      const input = parseInput(registerSchema, request.body);
      await register(deps, input, clientOf(request));
      return reply.status(201).send({ detail: ACCOUNT_MESSAGES.registered });
    },
  );

  app.get<{ Params: { uid: string; token: string } }>(
    '/auth/activate/:uid/:token/',
    doc({
      summary: 'Activate an account with the link from the e-mail',
      params: tokenParamsSchema.shape,
      responses: {
        200: {
          description: 'Activated; the address, to fill the login form with.',
          schema: emailConfirmedSchema,
        },
        400: 'The link is invalid or has expired.',
      },
    }),
    async (request, reply) => {
      const params = parseInput(tokenParamsSchema, request.params, ACCOUNT_MESSAGES.invalidActivation);
      const { email } = await activate(deps, params.uid, params.token);
      noStore(reply);
      return { detail: ACCOUNT_MESSAGES.activated, email };
    },
  );

  app.post(
    '/auth/login/',
    doc({
      summary: 'Sign in; sets the session cookie',
      body: loginSchema,
      responses: { 200: { description: 'Signed in: the user.', schema: userAnswer.loginSchema } },
    }),
    async (request, reply) => {
      const input = parseInput(loginSchema, request.body);
      const device = readDeviceCookie(secret, request.cookies[DEVICE_COOKIE]);
      const { user: account, sessionToken } = await login(deps, input, clientOf(request), device);
      // A new session id at every login; one brought along before it stops counting.
      await deps.sessions.destroy(request.cookies[SESSION_COOKIE]);
      const maxAge = SESSION_LIFETIME_MS / 1000;
      reply.setCookie(sessionCookie, sessionToken, { ...cookieOptions, maxAge });
      reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...cookieOptions, httpOnly: false, maxAge });
      trustDevice(reply, account.id);
      noStore(reply);
      return { detail: ACCOUNT_MESSAGES.loginOk, user: await userAnswer.view(deps.db, account) };
    },
  );

  app.post<{ Params: { uid: string; token: string } }>(
    '/auth/unlock/:uid/:token/',
    doc({
      summary: 'Open an unlock link from the e-mail: this browser may sign in despite the account lock',
      params: tokenParamsSchema.shape,
      responses: {
        200: { description: 'This browser is trusted for the account.', schema: detailSchema },
        400: 'The link is invalid or has expired.',
      },
    }),
    async (request, reply) => {
      const params = parseInput(tokenParamsSchema, request.params, ACCOUNT_MESSAGES.invalidUnlock);
      trustDevice(reply, await useUnlockLink(deps, params.uid, params.token));
      noStore(reply);
      return { detail: ACCOUNT_MESSAGES.unlocked };
    },
  );

  app.post(
    '/auth/logout/',
    doc({
      summary: 'Sign out; ends the session',
      responses: { 200: { description: 'Signed out.', schema: detailSchema } },
    }),
    async (request, reply) => {
      await deps.sessions.destroy(request.cookies[SESSION_COOKIE]);
      reply.clearCookie(sessionCookie, cookieOptions);
      reply.clearCookie(SIGNED_IN_HINT_COOKIE, { ...cookieOptions, httpOnly: false });
      return { detail: ACCOUNT_MESSAGES.loggedOut };
    },
  );

  app.get(
    '/auth/profile/',
    doc({
      summary: 'The signed-in user’s own profile',
      auth: 'user',
      responses: { 200: { description: 'The user.', schema: userAnswer.schema } },
    }),
    async (request, reply) => {
      // An ended or expired session also drops the hint, so the page stops asking.
      if (!(await request.currentUser()))
        reply.clearCookie(SIGNED_IN_HINT_COOKIE, { ...cookieOptions, httpOnly: false });
      const user = await requireUser(request);
      noStore(reply);
      return userAnswer.view(deps.db, user);
    },
  );

  app.post(
    '/auth/forgot-password/',
    doc({
      summary: 'E-mail a password-reset link (the same answer for any address)',
      body: forgotPasswordSchema,
      responses: {
        200: { description: 'If the address has an account, a link was sent.', schema: detailSchema },
      },
    }),
    async (request) => {
      const { email } = parseInput(forgotPasswordSchema, request.body);
      await forgotPassword(deps, email, clientOf(request));
      return { detail: ACCOUNT_MESSAGES.forgotSent };
    },
  );

  app.post<{ Params: { uid: string; token: string } }>(
    '/auth/reset-password/:uid/:token/',
    doc({
      summary: 'Set a new password with the link from the e-mail; ends every session',
      params: tokenParamsSchema.shape,
      body: resetPasswordSchema,
      responses: { 200: { description: 'Password changed.', schema: detailSchema } },
    }),
    async (request) => {
      const params = parseInput(tokenParamsSchema, request.params, ACCOUNT_MESSAGES.invalidReset);
      const input = parseInput(resetPasswordSchema, request.body);
      await resetPassword(deps, params.uid, params.token, input.password);
      return { detail: ACCOUNT_MESSAGES.resetOk };
    },
  );

  app.post<{ Params: { uid: string; token: string } }>(
    '/auth/email-change/:uid/:token/',
    doc({
      summary: 'Confirm a new e-mail with the link mailed to it; only then does the address change',
      params: tokenParamsSchema.shape,
      responses: {
        200: { description: 'The address changed.', schema: emailConfirmedSchema },
        400: 'The link is invalid or has expired.',
        409: 'Another account took the address meanwhile.',
      },
    }),
    async (request, reply) => {
      const params = parseInput(tokenParamsSchema, request.params, EMAIL_CHANGE_MESSAGES.invalidConfirm);
      const email = await confirmEmailChange(deps, params.uid, params.token);
      noStore(reply);
      return { detail: EMAIL_CHANGE_MESSAGES.confirmed, email };
    },
  );

  app.delete(
    '/auth/email-change/',
    doc({
      summary: 'Cancel the signed-in user’s pending e-mail change',
      auth: 'user',
      responses: { 200: { description: 'Cancelled: the user.', schema: userAnswer.schema } },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      await cancelEmailChange(deps, user.id);
      noStore(reply);
      return { ...(await userAnswer.view(deps.db, user)), pending_email: null };
    },
  );

  app.post<{ Params: { uid: string; token: string } }>(
    '/auth/secure-account/:uid/:token/',
    doc({
      summary:
        '"This wasn\'t me" from a notice: ends every session, cancels an e-mail change, voids the password and mails a reset link',
      params: tokenParamsSchema.shape,
      responses: {
        200: { description: 'Secured.', schema: detailSchema },
        400: 'The link is invalid or has expired.',
      },
    }),
    async (request, reply) => {
      const params = parseInput(tokenParamsSchema, request.params, EMAIL_CHANGE_MESSAGES.invalidSecure);
      await secureAccount(deps, params.uid, params.token);
      noStore(reply);
      return { detail: EMAIL_CHANGE_MESSAGES.secured };
    },
  );
};

/** The module's routes entry: its API, under /api. */
export const accountsRoutes = apiRoutes(accountsApi);
