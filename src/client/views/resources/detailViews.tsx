/**
 * Show views a descriptor names by key (`detailView`) instead of the read-only form: descriptors
 * stay data, the screens live here, each loaded only when opened.
 */
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { messages } from '../../../contracts/messages';
import type { DetailViewKey, ResourceDescriptor } from '../../resources/descriptor';
import { Spinner } from '../../ui/primitives';

const DETAIL_VIEWS: Record<
  DetailViewKey,
  LazyExoticComponent<ComponentType<{ descriptor: ResourceDescriptor }>>
> = {
  refundReview: lazy(() => import('./RefundReviewView')),
  voucherDocuments: lazy(() => import('./VoucherDetailView')),
};

export function DetailView({ view, descriptor }: { view: DetailViewKey; descriptor: ResourceDescriptor }) {
  const Screen = DETAIL_VIEWS[view];
  return (
    <Suspense fallback={<Spinner label={messages.resourceScreens.loading} />}>
      <Screen descriptor={descriptor} />
    </Suspense>
  );
}
