/**
 * /dashboard/{routing}/* for a module described in src/client/resources (SPEC §2 'Dashboard
 * sections'): '' the list, 'create', ':id' Mostrar (read-only), ':id/edit', ':id/clone' where the
 * module clones. Lazy-loaded by the section registry, so none of this is in the first load.
 */
import { Route, Routes } from 'react-router-dom';
import { messages } from '../../../contracts/messages';
import type { ResourceDescriptor } from '../../resources/descriptor';
import { descriptorOf } from '../../resources/descriptors';
import { Alert } from '../../ui/primitives';
import { accessTo, useGrants } from './access';
import { DetailView } from './detailViews';
import { ResourceFormView } from './ResourceFormView';
import { ResourceListView } from './ResourceListView';

const shell = messages.navigation.shell;

export function ResourceScreens({ descriptor }: { descriptor: ResourceDescriptor }) {
  const grants = useGrants();
  const access = accessTo(descriptor, grants);
  const forbidden = (text: string) => (
    <Alert tone="danger" role="alert">
      {text}
    </Alert>
  );
  // A section with no create screen says so, to everyone; a missing permission is the other case.
  const refusedCreate = () =>
    descriptor.section.creatable
      ? forbidden(messages.resourceScreens.forbiddenCreate)
      : forbidden(messages.resourceScreens.noCreateScreen);
  return (
    <Routes>
      <Route index element={<ResourceListView descriptor={descriptor} access={access} />} />
      <Route
        path="create"
        element={
          access.canCreate ? (
            <ResourceFormView key="create" descriptor={descriptor} mode="create" access={access} />
          ) : (
            refusedCreate()
          )
        }
      />
      <Route
        path=":id"
        element={
          descriptor.detailView ? (
            <DetailView view={descriptor.detailView} descriptor={descriptor} />
          ) : (
            <ResourceFormView key="show" descriptor={descriptor} mode="show" access={access} />
          )
        }
      />
      <Route
        path=":id/edit"
        element={<ResourceFormView key="edit" descriptor={descriptor} mode="edit" access={access} />}
      />
      {descriptor.actions.clone || descriptor.template ? (
        <Route
          path=":id/clone"
          element={
            access.canCreate ? (
              <ResourceFormView key="clone" descriptor={descriptor} mode="clone" access={access} />
            ) : (
              refusedCreate()
            )
          }
        />
      ) : null}
      <Route path="*" element={forbidden(shell.unknownSection)} />
    </Routes>
  );
}

export default function ResourceArea({ routing }: { routing: string }) {
  const descriptor = descriptorOf(routing);
  if (!descriptor) {
    return (
      <Alert tone="warning" role="alert">
        {shell.unknownSection}
      </Alert>
    );
  }
  return <ResourceScreens key={routing} descriptor={descriptor} />;
}
