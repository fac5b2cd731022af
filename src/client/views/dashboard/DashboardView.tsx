/** /dashboard (SPEC §2): the grid of module cards filtered by the user's modules and permissions. */
import { Link } from 'react-router-dom';
import type { Profile } from '../../../contracts/auth';
import { messages } from '../../../contracts/messages';
import { dashboardCards } from '../../../contracts/modules';
import { Heading, Muted } from '../../ui/primitives';
import { styled } from '../../ui/theme';

const Grid = styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: '$4',
});
const CardLink = styled(Link, {
  display: 'flex',
  alignItems: 'center',
  minHeight: '96px',
  padding: '$4',
  backgroundColor: '$surface',
  borderRadius: '$2',
  boxShadow: '$card',
  color: '$text',
  fontWeight: 600,
  fontSize: '$3',
  textDecoration: 'none',
  borderLeft: '4px solid $primary',
  '&:hover': { boxShadow: '$raised' },
});

export function DashboardView({ user }: { user: Profile }) {
  const cards = dashboardCards({
    isSuperuser: user.is_superuser,
    permissions: user.permissions,
    modules: user.modules,
  });
  return (
    <>
      <Heading>{messages.navigation.shell.dashboardTitle}</Heading>
      {cards.length === 0 ? (
        <Muted role="status">{messages.navigation.shell.emptyDashboard}</Muted>
      ) : (
        <Grid aria-label={messages.navigation.shell.dashboardTitle}>
          {cards.map((card) => (
            <li key={card.routing}>
              <CardLink to={`/dashboard/${card.routing}`}>{card.title}</CardLink>
            </li>
          ))}
        </Grid>
      )}
    </>
  );
}
