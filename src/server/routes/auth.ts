/** Staff authentication (spec section 7 'Authentication and users', section 8 messages). */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  loginRequestSchema,
  passwordProblems,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshRequestSchema,
} from '../../contracts/auth';
import { messages } from '../../contracts/messages';
import { authenticate, bumpTokenVersion, principalOf, verifyCurrentToken } from '../auth/guard';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords';
import type { AppContext } from '../context';
import { passwordResets, users } from '../db/schema';
import { AttemptCounter } from '../http/attempts';
import { FieldValidationError, HttpError, unauthorized } from '../http/errors';
import { fieldOf, rateLimited } from '../http/rateLimit';
import { parseWith } from '../http/validate';

const RESET_LIFETIME_MS = 60 * 60 * 1000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function authRoutes(app: FastifyInstance, context: AppContext) {
  const { db, tokens } = context;
  // Failed sign-ins per address and username: successful ones never count, so an office behind
  // one address is not locked out by its own colleagues.
  const failedSignIns = new AttemptCounter(10, 15 * 60 * 1000);

  app.post('/token/', { config: rateLimited(120, '1 minute') }, async (request) => {
    const body = parseWith(loginRequestSchema, request.body);
    const identifier = body.username.toLowerCase();
    const attemptKey = `${request.ip}|${identifier}`;
    if (failedSignIns.isBlocked(attemptKey)) throw new HttpError(429, messages.common.tooManyRequests);
    const [user] = await db
      .select()
      .from(users)
      .where(or(sql`lower(${users.username}) = ${identifier}`, eq(users.email, identifier)))
      .limit(1);
    const passwordMatches = await verifyPassword(
      body.password,
      user?.passwordHash ?? (await decoyPasswordHash()),
    );
    if (!user || !passwordMatches || !user.isActive) {
      failedSignIns.record(attemptKey);
      throw unauthorized(messages.auth.loginFailed);
    }
    await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.id));
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
    await bumpTokenVersion(db, principalOf(request).id);
    return { status: 'OK' as const };
  });

  app.post(
    '/password_reset/',
    { config: rateLimited(5, '15 minutes', (request) => fieldOf(request.body, 'email')) },
    async (request) => {
      const body = parseWith(passwordResetRequestSchema, request.body);
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${body.email.toLowerCase()}`)
        .limit(1);
      if (!user?.isActive) throw new HttpError(400, messages.auth.resetFailed);
      const token = randomBytes(32).toString('base64url');
      await db.insert(passwordResets).values({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_LIFETIME_MS),
      });
      const link = `${context.config.publicUrl}/recovery/${token}`;
      await context.mailer.send({
        to: user.email,
        subject: messages.auth.mailSubject,
        text: messages.auth.mailBody(user.firstName || user.username, link),
      });
      return { status: 'OK' };
    },
  );

  app.post('/password_reset/confirm/', { config: rateLimited(10, '15 minutes') }, async (request) => {
    const body = parseWith(passwordResetConfirmSchema, request.body);
    return db.transaction(async (tx) => {
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
      return { status: 'OK' };
    });
  });
}
