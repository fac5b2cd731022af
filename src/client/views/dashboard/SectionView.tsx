/**
 * /dashboard/{routing}/*: the section's screens as the module table (src/contracts/modules.ts)
 * names them, or 'en construcción' until its issue lands. The generic screens are lazy, so a
 * module's code loads only when opened.
 */
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Profile } from '../../../contracts/auth';
import { messages } from '../../../contracts/messages';
import { findSection } from '../../../contracts/modules';
import { can } from '../../../contracts/permissions';
import { Alert, Card, Heading, Muted, Spinner } from '../../ui/primitives';

const shell = messages.navigation.shell;

/** The client screen of each kind the module table names. */
const SCREENS = {
  resource: lazy(() => import('../resources/ResourceArea')),
  products: lazy(() => import('../products/ProductsArea')),
  promotions: lazy(() => import('../promotions/PromotionsArea')),
} as const;

export function SectionView({ user }: { user: Profile }) {
  const { routing = '' } = useParams();
  const section = findSection(routing);
  const Area = section?.screen ? SCREENS[section.screen] : null;

  if (!section) {
    return (
      <Alert tone="warning" role="alert">
        {shell.unknownSection} <Link to="/dashboard">{shell.backToDashboard}</Link>
      </Alert>
    );
  }
  if (!can({ isSuperuser: user.is_superuser, permissions: user.permissions }, section.resource, 'view')) {
    return (
      <Alert tone="danger" role="alert">
        {shell.forbiddenSection} <Link to="/dashboard">{shell.backToDashboard}</Link>
      </Alert>
    );
  }
  if (!Area) {
    return (
      <Card>
        <Heading>{section.title}</Heading>
        <Muted>{shell.underConstruction}</Muted>
        <Muted>{shell.underConstructionBody}</Muted>
      </Card>
    );
  }
  return (
    <Suspense fallback={<Spinner label={messages.common.loading} />}>
      <Area routing={routing} />
    </Suspense>
  );
}
