/**
 * /dashboard/productos/* and /dashboard/add (SPEC §2 'Gestión de Productos' with sub-routes
 * create, clone, show, edit, delete; 'Crear producto' at add with tabs Crear, Clonar, Editar,
 * needing product/add). The list is the generic one over the productos descriptor; create, edit
 * and clone open the product wizard; Mostrar the product with its rates.
 */
import { Route, Routes, useParams } from 'react-router-dom';
import { messages } from '../../../contracts/messages';
import { productosDescriptor } from '../../resources/descriptors/productos';
import { Alert } from '../../ui/primitives';
import { accessTo, useGrants } from '../resources/access';
import { ResourceListView } from '../resources/ResourceListView';
import { AddProductView } from './AddProductView';
import { ProductDetailView } from './ProductDetailView';
import { ProductWizardView } from './ProductWizardView';

const forbidden = (
  <Alert tone="danger" role="alert">
    {messages.resourceScreens.forbiddenCreate}
  </Alert>
);

function WizardRoute({ mode }: { mode: 'edit' | 'clone' }) {
  const { id = '' } = useParams();
  const productId = /^\d{1,10}$/.test(id) ? Number(id) : null;
  if (productId === null)
    return (
      <Alert tone="warning" role="alert">
        {messages.common.notFound}
      </Alert>
    );
  return <ProductWizardView key={`${mode}-${productId}`} mode={mode} productId={productId} />;
}

export default function ProductsArea({ routing }: { routing: string }) {
  const access = accessTo(productosDescriptor, useGrants());
  if (routing === 'add') return access.canCreate ? <AddProductView /> : forbidden;
  return (
    <Routes>
      <Route index element={<ResourceListView descriptor={productosDescriptor} access={access} />} />
      <Route
        path="create"
        element={
          access.canCreate ? <ProductWizardView key="create" mode="create" productId={null} /> : forbidden
        }
      />
      <Route path=":id" element={<ProductDetailView canEdit={access.canEdit} />} />
      <Route path=":id/edit" element={access.canEdit ? <WizardRoute mode="edit" /> : forbidden} />
      <Route path=":id/clone" element={access.canCreate ? <WizardRoute mode="clone" /> : forbidden} />
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
