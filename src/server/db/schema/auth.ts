import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { offices } from './reference';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    username: varchar('username', { length: 150 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(true),
    officeId: integer('office_id').references(() => offices.id, { onDelete: 'set null' }),
    address: varchar('adress', { length: 255 }).notNull().default(''),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /**
     * Bumped by a password change, a deactivation or a logout: tokens carry the version they were
     * issued with and a token of an older version is refused (issue 10).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_key').on(table.username),
    uniqueIndex('users_email_key').on(table.email),
  ],
);

/** Groups are the roles of spec section 6, with their fixed ids; new groups number from 100. */
export const groups = pgTable('groups', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  name: varchar('name', { length: 150 }).notNull().unique(),
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  codename: varchar('codename', { length: 100 }).notNull().unique(),
  resource: varchar('resource', { length: 50 }).notNull(),
  action: varchar('action', { length: 20 }).notNull(),
  name: varchar('name', { length: 255 }).notNull(),
});

export const groupPermissions = pgTable(
  'group_permissions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.permissionId] })],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.groupId] }),
    index('user_groups_group_idx').on(table.groupId),
  ],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.permissionId] })],
);

export const userModules = pgTable(
  'user_modules',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module: varchar('module', { length: 50 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.module] })],
);

/** Single-use, expiring password-reset hashes; only a SHA-256 of the hash is stored. */
export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A group's status record {group, ...} (spec section 3 'Group', section 7 'Groups'), one per group,
 * keyed by the group id. RESTRICT: a group goes only after its status record is removed.
 */
export const groupStatuses = pgTable('status_group', {
  groupId: integer('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'restrict' }),
  isActive: boolean('is_active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
