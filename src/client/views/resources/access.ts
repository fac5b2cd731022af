/**
 * What the signed-in user may do in a module's screens: the session's grants, and create/edit
 * access to a described module (its own file, so the screens import it and not the area).
 */
import { canCreateIn } from '../../../contracts/modules';
import { can, type Grants } from '../../../contracts/permissions';
import type { ResourceDescriptor } from '../../resources/descriptor';
import { SessionContext } from '../shared/session';

export function useGrants(): Grants {
  const user = SessionContext.useSelector((snapshot) => snapshot.context.session?.user);
  return { isSuperuser: user?.is_superuser ?? false, permissions: user?.permissions ?? [] };
}

export interface ResourceAccess {
  canCreate: boolean;
  canEdit: boolean;
}

export function accessTo(descriptor: ResourceDescriptor, grants: Grants): ResourceAccess {
  // canCreateIn reads the section's create permission from the module table (Pasajeros: voucher/add).
  return {
    canCreate: canCreateIn(grants, descriptor.section),
    canEdit: can(grants, descriptor.editPermission.resource, descriptor.editPermission.action),
  };
}
