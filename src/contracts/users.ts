/**
 * Usuarios and Grupos contracts (spec section 3 'User', 'Group'; section 7 'Authentication and
 * users', 'Groups'; section 5 password rules and 'Admin forms' messages). Server and client both
 * read them.
 */
import { z } from 'zod';
import { passwordProblems, profileSchema } from './auth';
import { listQuerySchema, paginatedSchema } from './http';
import { messages } from './messages';
import { MODULES } from './modules';
import { isPermissionCodename } from './permissions';
import {
  CONTAINS,
  defineContract,
  MAX_DB_INTEGER,
  optionalBoolean,
  optionalReference,
  optionalText,
  requiredEmail,
  requiredText,
  SEARCH,
} from './resources/fields';

const text = messages.permissions;

/**
 * A user as the API answers it: never with a password or its hash. The list and detail also
 * answer the names of its groups and office (issue 18: names, not ids, in lists and show views).
 */
export const userSchema = z.object({
  ...profileSchema.shape,
  group_names: z.array(z.string()).optional(),
  office_name: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.object({
  count: z.number().int().min(0),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(userSchema),
});

export const MAX_PASSWORD_LENGTH = 128;

const codenameSchema = z
  .string({ error: text.unknownPermission })
  .refine(isPermissionCodename, { message: text.unknownPermission });

function listOf<T extends z.ZodType>(item: T, max: number) {
  return z
    .array(item, { error: text.mustBeList })
    .max(max, messages.common.tooLong(max))
    .transform((values) => [...new Set(values)] as z.output<T>[]);
}

const groupIdsSchema = listOf(
  z
    .number({ error: text.invalidChoice })
    .int(text.invalidChoice)
    .positive(text.invalidChoice)
    .max(MAX_DB_INTEGER, text.invalidChoice),
  100,
);
const codenamesSchema = listOf(codenameSchema, 200);
const modulesSchema = listOf(z.enum(MODULES, { error: text.unknownModule }), MODULES.length);

const userFields = {
  email: requiredEmail(text.emailRequired, 254),
  username: requiredText(text.usernameRequired, 150).regex(/^[\w.@+-]+$/, text.usernameFormat),
  first_name: optionalText(150),
  last_name: optionalText(150),
  is_active: optionalBoolean(true),
  is_superuser: optionalBoolean(false),
  is_staff: optionalBoolean(true),
  /** Group ids (absent on edit: unchanged). */
  groups: groupIdsSchema.optional(),
  /** Individual permissions as codenames `{resource}/{action}` (absent on edit: unchanged). */
  user_permissions: codenamesSchema.optional(),
  /** Modules of section 1 (absent on create: those its permissions make useful; on edit: unchanged). */
  modules: modulesSchema.optional(),
  office: optionalReference(),
  adress: optionalText(255),
};

const passwordText = z
  .string({ error: (issue) => (issue.input == null ? text.passwordRequired : text.mustBeText) })
  .max(MAX_PASSWORD_LENGTH, messages.common.tooLong(MAX_PASSWORD_LENGTH));

/** Section 5 password rules (at least 8 characters, not similar to the username), under `password`. */
function checkPassword(value: { password?: string | null; username: string }, context: z.RefinementCtx) {
  if (!value.password) return;
  // The confirmation belongs to the password-change screen; the admin form has one field.
  for (const problem of passwordProblems(value.password, undefined, value.username))
    context.addIssue({ code: 'custom', path: ['password'], message: problem });
}

/** POST /profile/: password required. */
export const userCreateSchema = z
  .strictObject({
    ...userFields,
    password: passwordText.min(1, text.passwordRequired),
  })
  .superRefine(checkPassword);
export type UserCreate = z.input<typeof userCreateSchema>;

/** PUT /profile/{id}/: password optional ('' or absent keeps the current one). */
export const userUpdateSchema = z
  .strictObject({
    ...userFields,
    password: passwordText.nullish().transform((value) => value || undefined),
  })
  .superRefine(checkPassword);
export type UserUpdate = z.input<typeof userUpdateSchema>;

export const userQuerySchema = listQuerySchema.extend({
  queryType: z.enum(['VIEW', 'LOGIN']).optional(),
  email: z.string().trim().max(254).optional(),
  username: z.string().trim().max(150).optional(),
  first_name: z.string().trim().max(150).optional(),
});

/** A permission of the catalogue (GET /permission/). */
export const permissionSchema = z.object({
  id: z.number().int(),
  codename: z.string(),
  resource: z.string(),
  action: z.string(),
  name: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;
export const permissionListSchema = paginatedSchema(permissionSchema);

/** GET /permission/ on the resource engine (read only: the catalogue is reference data). */
export const permissionContract = defineContract({
  path: '/permission/',
  resource: 'permission',
  entity: permissionSchema,
  write: z.never(),
  filters: {},
  ordering: ['resource', 'action'] as const,
  defaultOrdering: 'resource,action',
});

/** A group (section 3 'Group': name, all_permissions). */
export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  all_permissions: z.array(z.string()),
});
export type Group = z.infer<typeof groupSchema>;
export const groupListSchema = paginatedSchema(groupSchema);

export const groupWriteSchema = z.strictObject({
  name: requiredText(text.nameRequired, 150),
  all_permissions: codenamesSchema.optional().transform((value) => value ?? []),
  /**
   * The group's status record, written in the same transaction: on create absent means active;
   * on edit absent leaves the status as it is.
   */
  is_active: z.boolean({ error: text.mustBeBoolean }).optional(),
});
export type GroupWrite = z.input<typeof groupWriteSchema>;

export const groupQuerySchema = listQuerySchema.extend({
  search: z.string().trim().max(150).optional(),
});

/** The group's status record {group, ...} (section 3), at /status_group/{group}/. */
export const groupStatusSchema = z.object({
  group: z.number().int(),
  is_active: z.boolean(),
});
export type GroupStatus = z.infer<typeof groupStatusSchema>;

export const groupStatusCreateSchema = z.strictObject({
  group: z
    .number({ error: text.invalidChoice })
    .int(text.invalidChoice)
    .positive(text.invalidChoice)
    .max(MAX_DB_INTEGER, text.invalidChoice),
  is_active: optionalBoolean(true),
});
export type GroupStatusCreate = z.input<typeof groupStatusCreateSchema>;

export const groupStatusUpdateSchema = z.strictObject({
  group: z
    .number({ error: text.invalidChoice })
    .int(text.invalidChoice)
    .positive(text.invalidChoice)
    .max(MAX_DB_INTEGER, text.invalidChoice)
    .optional(),
  is_active: optionalBoolean(true),
});
export type GroupStatusUpdate = z.input<typeof groupStatusUpdateSchema>;

/**
 * The modules' API as the client's resource engine reads it (path, permission resource, entity,
 * write body, filters). Usuarios validates on the client with the edit schema (password
 * optional); the server asks for the password on create.
 */
export const userContract = defineContract({
  path: '/profile/',
  resource: 'user',
  entity: z.object(userSchema.shape),
  write: userUpdateSchema,
  create: userCreateSchema,
  filters: { email: CONTAINS, username: CONTAINS, first_name: CONTAINS },
  // Every text column of the list sorts (issue 32), the Spanish way like the others.
  ordering: [
    'id',
    'email',
    'username',
    'first_name',
    'last_name',
    'is_active',
    'is_superuser',
    'is_staff',
    'office',
  ],
  defaultOrdering: 'id',
});

export const groupContract = defineContract({
  path: '/groups/',
  resource: 'group',
  entity: groupSchema,
  write: groupWriteSchema,
  filters: { search: SEARCH },
  ordering: ['id', 'name'],
  defaultOrdering: 'id',
});
