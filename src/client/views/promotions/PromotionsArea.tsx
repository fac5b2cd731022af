/**
 * /dashboard/promociones/* (issue 14; SPEC §2 'Promociones', show at promociones/show/{id},
 * 'Promotions wizard' at promociones/{id}/producto/create): the generic list and form over the
 * promociones descriptor; Mostrar is the promotion with its products and their offices; the
 * wizard assigns products and offices, or edits one product's offices (query pp); the offices
 * view (oficinas?idPromotionProductOffices&view=show|edit) lists one product's offices.
 */
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { messages } from '../../../contracts/messages';
import { promocionesDescriptor } from '../../resources/descriptors/promociones';
import { Alert } from '../../ui/primitives';
import { accessTo, useGrants } from '../resources/access';
import { ResourceFormView } from '../resources/ResourceFormView';
import { ResourceListView } from '../resources/ResourceListView';
import { PromotionDetailView } from './PromotionDetailView';
import { PromotionOfficesView } from './PromotionOfficesView';
import { PromotionWizardView } from './PromotionWizardView';

const forbidden = (
  <Alert tone="danger" role="alert">
    {messages.resourceScreens.forbiddenCreate}
  </Alert>
);

/** The generic list's Mostrar opens /promociones/{id}: the spec's address is show/{id}. */
function ToShow() {
  const { id = '' } = useParams();
  return <Navigate replace to={`/dashboard/promociones/show/${id}`} />;
}

export default function PromotionsArea() {
  const access = accessTo(promocionesDescriptor, useGrants());
  return (
    <Routes>
      <Route index element={<ResourceListView descriptor={promocionesDescriptor} access={access} />} />
      <Route
        path="create"
        element={
          access.canCreate ? (
            <ResourceFormView key="create" descriptor={promocionesDescriptor} mode="create" access={access} />
          ) : (
            forbidden
          )
        }
      />
      <Route path="show/:id" element={<PromotionDetailView canEdit={access.canEdit} />} />
      <Route path=":id" element={<ToShow />} />
      <Route
        path=":id/edit"
        element={
          access.canEdit ? (
            <ResourceFormView key="edit" descriptor={promocionesDescriptor} mode="edit" access={access} />
          ) : (
            forbidden
          )
        }
      />
      <Route path=":id/producto/create" element={access.canEdit ? <PromotionWizardView /> : forbidden} />
      <Route path=":id/oficinas" element={<PromotionOfficesView canEdit={access.canEdit} />} />
      <Route
        path="*"
        element={
          <Alert tone="warning" role="alert">
            {messages.navigation.shell.unknownSection}
          </Alert>
        }
      />
    </Routes>
  );
}
