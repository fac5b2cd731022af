/**
 * Staff authentication contracts (spec section 7 'Authentication and users', section 5 rules).
 * Written with zod/mini (same zod 4 core, a fraction of the size) because the login route loads
 * them and has a 120 KB budget; they compose with the classic-API contracts elsewhere.
 */
import * as z from 'zod/mini';
import { messages } from './messages';
import { isStorableText } from './text';

const text = messages.auth;

export const loginRequestSchema = z.object({
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, text.usernameRequired),
      z.maxLength(254),
      z.refine(isStorableText, messages.common.invalidCharacters),
    ),
  password: z
    .string()
    .check(
      z.minLength(1, text.passwordRequired),
      z.maxLength(256),
      z.refine(isStorableText, messages.common.invalidCharacters),
    ),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const refreshRequestSchema = z.object({ refresh: z.string().check(z.minLength(1)) });
export const refreshResponseSchema = z.object({ access: z.string() });

/** The JWT payload; `user_id` is what the access-by-token screen decodes. */
export const accessTokenPayloadSchema = z.object({
  user_id: z.number().check(z.int(), z.positive()),
  token_type: z.enum(['access', 'refresh']),
  exp: z.number(),
});

export const profileSchema = z.object({
  id: z.number().check(z.int()),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  is_staff: z.boolean(),
  groups: z.array(z.number().check(z.int())),
  user_permissions: z.array(z.string()),
  /** Effective permissions: the user's own plus those of its groups. */
  permissions: z.array(z.string()),
  modules: z.array(z.string()),
  office: z.nullable(z.number().check(z.int())),
  adress: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const emailSchema = z
  .string()
  .check(z.trim(), z.minLength(1, messages.common.emailRequired), z.email(messages.common.emailInvalid));

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const MIN_PASSWORD_LENGTH = 8;

/** Section 5: not similar to the username (the same idea as Django's UserAttributeSimilarityValidator). */
export function isTooSimilar(password: string, username: string): boolean {
  const a = password.toLowerCase();
  const b = username.toLowerCase();
  if (!b) return false;
  if (a.includes(b) || (a.length >= 4 && b.includes(a))) return true;
  return similarityRatio(a, b) >= 0.7;
}

function similarityRatio(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j];
      previous[j] = Math.min(
        previous[j] + 1,
        previous[j - 1] + 1,
        diagonal + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      diagonal = above;
    }
  }
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - previous[b.length] / longest;
}

/** Password rules of section 5; returns the messages that apply, in order. */
export function passwordProblems(
  password: string,
  confirmation: string | undefined,
  username?: string,
): string[] {
  const problems: string[] = [];
  if (!password) return [text.passwordNewRequired];
  if (confirmation !== undefined && !confirmation) problems.push(text.passwordConfirmRequired);
  else if (confirmation !== undefined && confirmation !== password) problems.push(text.passwordMismatch);
  if (password.length < MIN_PASSWORD_LENGTH) problems.push(text.passwordTooShort);
  if (username && isTooSimilar(password, username)) problems.push(text.passwordTooSimilar);
  return problems;
}

export const passwordResetConfirmSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  password: z.string().check(z.maxLength(256)),
  password_confirmation: z.optional(z.string().check(z.maxLength(256))),
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const okResponseSchema = z.object({ status: z.literal('OK') });
