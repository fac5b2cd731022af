/**
 * First-start data. Reference data (permissions, the twelve roles) is always ensured; the first
 * superuser comes from ADMIN_* or gets a random password printed once; demo data is seeded into
 * an empty installation unless SEED_DEMO=false. Other areas add their demo seeders to `demoSeeders`.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { MODULES, SECTIONS } from '../../../contracts/modules';
import { ACTIONS, can, codename, EXTRA_PERMISSIONS, RESOURCES } from '../../../contracts/permissions';
import { ROLES } from '../../../contracts/roles';
import { hashPassword } from '../../auth/passwords';
import type { AppConfig } from '../../config';
import type { Database, Transaction } from '../client';
import { appMeta, groupPermissions, groups, permissions, userGroups, userModules, users } from '../schema';
import { seedBookingsDemo } from './bookings';
import { seedInvoicingDemo } from './invoicing';
import { seedMasterDataDemo, seedMasterDataReference } from './masterData';
import { seedMunicipalities } from './municipalities';
import { seedOfficesDemo, seedOfficeTreeDemo } from './offices';
import { seedProductsDemo } from './products';
import { seedPromotionsDemo } from './promotions';
import { seedRefundsDemo } from './refunds';

/** Marked as demo everywhere it is printed: never use it outside a local demo. */
export const DEMO_PASSWORD = 'Demo-Extranet-2026';

export interface SeedReport {
  admin: { username: string; email: string; generatedPassword?: string } | null;
  demoLogins: { username: string; role: string; password: string }[];
  /** Extra lines other seeders want printed (for example, demo refund logins). */
  notes: string[];
}

export type DemoSeeder = (tx: Transaction) => Promise<string[] | undefined | undefined>;

/** Demo seeders of the other areas, run in order inside the demo transaction. */
export const demoSeeders: DemoSeeder[] = [
  seedMasterDataDemo,
  seedRefundsDemo,
  seedOfficeTreeDemo,
  seedProductsDemo,
  seedBookingsDemo,
  seedPromotionsDemo,
  seedInvoicingDemo,
];

export async function seed(db: Database, config: Pick<AppConfig, 'admin' | 'seedDemo'>): Promise<SeedReport> {
  await seedReference(db);
  const admin = await ensureAdmin(db, config.admin);
  const report: SeedReport = { admin, demoLogins: [], notes: [] };
  if (!config.seedDemo) return report;
  const [seeded] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_seeded'));
  if (seeded) {
    report.demoLogins = demoLogins();
    report.notes = seeded.value.startsWith('[') ? (JSON.parse(seeded.value) as string[]) : [];
    return report;
  }
  await db.transaction(async (tx) => {
    const officeIds = await seedOfficesDemo(tx);
    await seedDemoUsers(tx, officeIds);
    for (const seeder of demoSeeders) {
      const lines = await seeder(tx);
      if (lines) report.notes.push(...lines);
    }
    await tx.insert(appMeta).values({ key: 'demo_seeded', value: JSON.stringify(report.notes) });
  });
  report.demoLogins = demoLogins();
  return report;
}

export async function seedReference(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values([
        ...RESOURCES.flatMap((resource) =>
          ACTIONS.map((action) => ({
            codename: codename(resource, action),
            resource,
            action,
            name: `${action === 'view' ? 'Ver' : 'Crear'} ${resource}`,
          })),
        ),
        ...EXTRA_PERMISSIONS.map(({ resource, action }) => ({
          codename: codename(resource, action),
          resource,
          action,
          name: `Cambiar estado ${resource}`,
        })),
      ])
      .onConflictDoNothing();
    const [{ existing }] = await tx.select({ existing: sql<number>`count(*)::int` }).from(groups);
    if (existing > 0) return;
    await tx.insert(groups).values(ROLES.map((role) => ({ id: role.groupId, name: role.name })));
    const catalogue = await tx.select().from(permissions);
    const idOf = new Map(catalogue.map((permission) => [permission.codename, permission.id]));
    await tx.insert(groupPermissions).values(
      ROLES.flatMap((role) =>
        role.permissions.map((permission) => ({
          groupId: role.groupId,
          permissionId: idOf.get(permission)!,
        })),
      ),
    );
  });
  await seedMasterDataReference(db);
  await seedMunicipalities(db);
}

async function ensureAdmin(db: Database, admin: AppConfig['admin']): Promise<SeedReport['admin']> {
  const [existing] = await db.select().from(users).where(eq(users.isSuperuser, true)).limit(1);
  if (existing) return { username: existing.username, email: existing.email };
  const username = admin.username ?? 'admin';
  const email = (admin.email ?? 'admin@extranet.local').toLowerCase();
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  await db.insert(users).values({
    username,
    email,
    passwordHash: await hashPassword(admin.password ?? generatedPassword!),
    firstName: 'Administrador',
    isSuperuser: true,
    isStaff: true,
  });
  return { username, email, generatedPassword };
}

/** The modules a set of permissions makes useful: those of the sections it may view. */
export function modulesFor(grantedPermissions: readonly string[]): string[] {
  const grants = { isSuperuser: false, permissions: grantedPermissions };
  return MODULES.filter((module) =>
    SECTIONS.some((section) => section.module === module && can(grants, section.resource, 'view')),
  );
}

function demoLogins(): SeedReport['demoLogins'] {
  return ROLES.map((role) => ({ username: role.key, role: role.name, password: DEMO_PASSWORD }));
}

async function seedDemoUsers(tx: Transaction, officeIds: number[]): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [index, role] of ROLES.entries()) {
    const [user] = await tx
      .insert(users)
      .values({
        username: role.key,
        email: `${role.key.replace(/_/g, '.')}@demo.extranet.local`,
        passwordHash,
        firstName: role.name.split(' ')[0],
        lastName: 'Demo',
        officeId: officeIds[index % officeIds.length] ?? null,
      })
      .returning({ id: users.id });
    await tx.insert(userGroups).values({ userId: user.id, groupId: role.groupId });
    const modules = modulesFor(role.permissions);
    if (modules.length)
      await tx.insert(userModules).values(modules.map((module) => ({ userId: user.id, module })));
  }
}
