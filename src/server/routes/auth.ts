/** Staff authentication (spec section 7 'Authentication and users', section 8 messages). */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  loginRequestSchema,
  passwordProblems,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshRequestSchema,
} from '../../contracts/auth';
import { historyEntityOf } from '../../contracts/engine';
import { messages } from '../../contracts/messages';
import { userContract } from '../../contracts/users';
import { cookieValue, createDeviceCookies } from '../auth/deviceCookies';
import { authenticate, bumpTokenVersion, principalOf, verifyCurrentToken } from '../auth/guard';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import { passwordResets, users } from '../db/schema';
import {
  clientAddressKey,
  createAttemptCounters,
  type FailureRecord,
  retryAfterSeconds,
} from '../http/attempts';
import { FieldValidationError, HttpError, unauthorized } from '../http/errors';
import {
  ATTACK_MAIL_EVERY_MS,
  passwordResetAddress,
  passwordResetEmail,
  staffLoginAccount,
  staffLoginAccountAddress,
  staffLoginAddress,
  staffLoginAlert,
  staffLoginDevice,
  staffLoginTurn,
} from '../http/limits';
import { rateLimited } from '../http/rateLimit';
import { parseWith } from '../http/validate';
import { auditedWrite } from '../resources/engine';
import { runAfterResponse, settleBackgroundWork } from '../services/background';

/** The history entity of users' own actions (sign-in, password reset): the users module's. */
const USER_ENTITY = historyEntityOf(userContract.path);
const RESET_LIFETIME_MS = 60 * 60 * 1000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function authRoutes(app: FastifyInstance, context: AppContext) {
  const { db, tokens } = context;
  // Failed sign-ins in the database (issue 10; policies in http/limits.ts): per address, per
  // account, per account and address, per device cookie, with growing delays; successes never
  // count. The rate limit on the route is only a coarse flood guard (counted in the database,
  // for all instances together).
  const attempts = createAttemptCounters(db);
  const deviceCookies = createDeviceCookies(context.config.jwtSecret);
  // A closing server first finishes the mails it promised.
  app.addHook('onClose', async () => settleBackgroundWork());
  const throttled = (reply: FastifyReply, blockedMs: number, detail: (seconds: number) => string) => {
    const seconds = retryAfterSeconds(blockedMs);
    reply.header('retry-after', String(seconds));
    return new HttpError(429, detail(seconds));
  };

  /** Tells the owner of an account that someone is guessing its password (once an hour). */
  const warnOwner = (
    reply: FastifyReply,
    owner: { id: number; email: string; name: string },
    failure: FailureRecord,
  ) =>
    runAfterResponse(reply, 'sign-in attack mail', async () => {
      if (
        !(await attempts.claimOncePer({ policy: staffLoginAlert, key: `#${owner.id}` }, ATTACK_MAIL_EVERY_MS))
      ) {
        return;
      }
      await context.mailer.send({
        to: owner.email,
        subject: messages.auth.attackMailSubject,
        text: messages.auth.attackMailBody(owner.name, failure.failures),
      });
    });

  // Issue 28 §5 (OWASP device cookies): who may be checked while an account is locked.
  //  - A device with a valid device cookie of the account skips the account's and the address's
  //    locks; its failures lock its own cookie (staffLoginDevice) and count for the address.
  //  - Any other device meets the address's lock, then the account's: while the account is
  //    locked, each address waits its own turn (what is left of the lock, at most a minute) and
  //    is then checked; an address that failed on the account waits growing delays for its next
  //    turn. The owner of the account gets a mail when its lock starts (at most one an hour).
  app.post('/token/', { config: rateLimited(120, '1 minute') }, async (request, reply) => {
    const body = parseWith(loginRequestSchema, request.body);
    const identifier = body.username.toLowerCase();
    const addressKey = clientAddressKey(request.ip);
    const [user] = await db
      .select()
      .from(users)
      .where(or(sql`lower(${users.username}) = ${identifier}`, eq(users.email, identifier)))
      .limit(1);
    const cookieName = user ? deviceCookies.nameFor(user.username) : undefined;
    const presented = cookieName ? cookieValue(request.headers.cookie, cookieName) : undefined;
    const cookie = user ? deviceCookies.verify(presented, user.username) : null;
    const device = cookie ? { policy: staffLoginDevice, key: cookie.nonce } : undefined;
    const trusted = device !== undefined && (await attempts.blockedFor([device])) === 0;
    // One counter per account whatever name it is reached by (username or email); unknown names
    // count under the name, so a lock tells nothing about which accounts exist.
    const accountKey = user ? `#${user.id}` : `?${identifier}`;
    const address = { policy: staffLoginAddress, key: addressKey };
    const account = { policy: staffLoginAccount, key: accountKey };
    const accountAddress = { policy: staffLoginAccountAddress, key: `${accountKey}|${addressKey}` };
    if (!trusted) {
      const addressBlock = await attempts.blockedFor([address]);
      if (addressBlock > 0) throw throttled(reply, addressBlock, messages.auth.addressThrottled);
      const accountBlock = await attempts.blockedFor([account]);
      if (accountBlock > 0) {
        const ownBlock = await attempts.blockedFor([accountAddress]);
        if (ownBlock > 0) throw throttled(reply, ownBlock, messages.auth.accountThrottled);
        const turn = { policy: staffLoginTurn, key: `${accountKey}|${addressKey}` };
        const wait = await attempts.takeTurn(turn, accountBlock);
        if (wait > 0) throw throttled(reply, wait, messages.auth.accountThrottled);
      }
    }
    const passwordMatches = await verifyPassword(
      body.password,
      user?.passwordHash ?? (await decoyPasswordHash()),
    );
    if (!user || !passwordMatches || !user.isActive) {
      await attempts.recordFailure(address);
      if (trusted && device) {
        await attempts.recordFailure(device);
      } else {
        const failure = await attempts.recordFailure(account);
        await attempts.recordFailure(accountAddress);
        if (user?.isActive && user.email && failure.blockedForMs > 0) {
          warnOwner(
            reply,
            { id: user.id, email: user.email, name: user.firstName || user.username },
            failure,
          );
        }
      }
      throw unauthorized(messages.auth.loginFailed);
    }
    // The device is trusted from now on (its cookie refreshed; a new one if it had none, or if
    // its own failures had made it worthless).
    const value = trusted && presented ? presented : deviceCookies.issue(user.username).value;
    reply.header(
      'set-cookie',
      deviceCookies.setCookieHeader(deviceCookies.nameFor(user.username), value, {
        path: request.routeOptions.url ?? '/',
        secure: request.protocol === 'https',
      }),
    );
    // A sign-in is what a person did: its history entry is written with the last login's update.
    await auditedWrite(db, { id: user.id, username: user.username }, async (tx) => {
      const lastLogin = new Date();
      await tx.update(users).set({ lastLogin }).where(eq(users.id, user.id));
      return {
        result: null,
        audit: { entity: USER_ENTITY, recordId: user.id, action: 'login', before: null, after: null },
      };
    });
    return {
      access: await tokens.issue(user.id, 'access', user.tokenVersion),
      refresh: await tokens.issue(user.id, 'refresh', user.tokenVersion),
    };
  });

  // A refresh token of an older version (password changed, deactivated, logged out) is refused.
  app.post('/token/refresh/', { config: rateLimited(60, '5 minutes') }, async (request) => {
    const body = parseWith(refreshRequestSchema, request.body);
    const verified = await verifyCurrentToken(context, body.refresh, 'refresh');
    if (!verified) throw unauthorized(messages.auth.invalidToken);
    return { access: await tokens.issue(verified.userId, 'access', verified.version) };
  });

  /** Logout (issue 10): ends every session of the user, access and refresh tokens alike. */
  app.post('/token/logout/', { preHandler: authenticate(context) }, async (request) => {
    const principal = principalOf(request);
    return auditedWrite(db, principal, async (tx) => {
      await bumpTokenVersion(tx, principal.id);
      return {
        result: { status: 'OK' as const },
        audit: { entity: USER_ENTITY, recordId: principal.id, action: 'logout', before: null, after: null },
      };
    });
  });

  app.post('/password_reset/', { config: rateLimited(30, '1 minute') }, async (request, reply) => {
    const body = parseWith(passwordResetRequestSchema, request.body);
    const email = body.email.toLowerCase();
    // Requests (not failures) per address across all emails, and per email across addresses.
    const limits = [
      { policy: passwordResetAddress, key: clientAddressKey(request.ip) },
      { policy: passwordResetEmail, key: sha256(email) },
    ];
    const blocked = await attempts.blockedFor(limits);
    if (blocked > 0) throw throttled(reply, blocked, messages.auth.resetThrottled);
    for (const limit of limits) await attempts.recordFailure(limit);
    // The same work whether or not the account exists: one lookup, then the answer. The token
    // and the mail are made after the answer is sent (their errors are logged).
    const [user] = await db
      .select({
        id: users.id,
        email: users.email,
        isActive: users.isActive,
        firstName: users.firstName,
        username: users.username,
      })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (!user?.isActive) throw new HttpError(400, messages.auth.resetFailed);
    runAfterResponse(reply, 'password reset mail', async () => {
      const token = randomBytes(32).toString('base64url');
      // Asked by whoever knows the address (public): recorded on the user it is for.
      await auditedWrite(db, null, async (tx) => {
        await tx.insert(passwordResets).values({
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + RESET_LIFETIME_MS),
        });
        return {
          result: null,
          audit: {
            entity: USER_ENTITY,
            recordId: user.id,
            action: 'password_reset_request',
            before: null,
            after: null,
            publicActor: 'password-reset',
          },
        };
      });
      const link = `${context.config.publicUrl}/recovery/${token}`;
      await context.mailer.send({
        to: user.email,
        subject: messages.auth.mailSubject,
        text: messages.auth.mailBody(user.firstName || user.username, link),
      });
    });
    return { status: 'OK' };
  });

  app.post('/password_reset/confirm/', { config: rateLimited(10, '15 minutes') }, async (request) => {
    const body = parseWith(passwordResetConfirmSchema, request.body);
    return auditedWrite(db, null, async (tx) => {
      const [reset] = await tx
        .select({ id: passwordResets.id, userId: passwordResets.userId, username: users.username })
        .from(passwordResets)
        .innerJoin(users, eq(users.id, passwordResets.userId))
        .where(
          and(
            eq(passwordResets.tokenHash, sha256(body.token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .for('update');
      if (!reset) throw new HttpError(400, messages.auth.resetTokenInvalid);
      const problems = passwordProblems(body.password, body.password_confirmation, reset.username);
      if (problems.length) throw new FieldValidationError({ password: problems });
      await tx
        .update(users)
        .set({ passwordHash: await hashPassword(body.password), updatedAt: new Date() })
        .where(eq(users.id, reset.userId));
      await bumpTokenVersion(tx, reset.userId);
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
      // Recorded as the user whose link it was (the link proves who), the password as changed only.
      return {
        result: { status: 'OK' },
        audit: {
          entity: USER_ENTITY,
          recordId: reset.userId,
          action: 'password_reset',
          before: null,
          after: null,
          changedSecrets: ['password'],
          publicActor: `password-reset:${reset.username}`,
        },
      };
    });
  });
}
